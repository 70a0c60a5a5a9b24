import type { Logger } from 'pino';
import { markDraining } from './readiness';

export interface ShutdownOptions {
  /** Longest the whole sequence may take before the process exits with 1; default 10 000 ms. */
  timeoutMs?: number;
  /** Exit the process when done (0, or 1 on timeout); default true. Tests pass false. */
  exit?: boolean;
  /**
   * How long the process keeps serving after `/readyz` turned 503 and before the closers run, so
   * that the load balancer stops routing to it first. `SHUTDOWN_DRAIN_MS` by default, else 0
   * (Kubernetes sets it; a local run stops at once). It counts within `timeoutMs`.
   */
  drainMs?: number;
}

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * On SIGTERM or SIGINT runs the closers one after another, in the order given (an error is
 * logged and the next closer still runs), then exits. Returns a function that starts the
 * same sequence by hand; the sequence runs once however often it is triggered.
 */
export function onShutdown(
  log: Logger,
  closers: Array<() => Promise<void>>,
  options: ShutdownOptions = {},
): () => Promise<void> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const shouldExit = options.exit ?? true;
  const drainMs = options.drainMs ?? Math.max(0, Number(process.env['SHUTDOWN_DRAIN_MS'] ?? 0) || 0);
  let running: Promise<void> | undefined;

  const runClosers = async () => {
    for (const [index, closer] of closers.entries()) {
      try {
        await closer();
      } catch (error) {
        log.error({ err: error, closer: index }, 'shutdown step failed');
      }
    }
  };

  const shutdown = (reason: string): Promise<void> => {
    running ??= (async () => {
      markDraining();
      log.info({ reason, drainMs }, 'shutting down: not ready any more, draining');
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<true>((resolve) => {
        timer = setTimeout(() => resolve(true), timeoutMs);
        timer.unref();
      });
      const drainThenClose = async () => {
        if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
        await runClosers();
        return false as const;
      };
      const hasTimedOut = await Promise.race([drainThenClose(), timedOut]);
      clearTimeout(timer);
      for (const signal of SIGNALS) process.off(signal, onSignal);
      if (hasTimedOut) log.error({ timeoutMs }, 'shutdown timed out');
      else log.info('shutdown complete');
      if (shouldExit) process.exit(hasTimedOut ? 1 : 0);
    })();
    return running;
  };

  function onSignal(signal: NodeJS.Signals) {
    void shutdown(signal);
  }
  for (const signal of SIGNALS) process.on(signal, onSignal);

  return () => shutdown('manual');
}
