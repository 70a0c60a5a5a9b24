import type { IRouter } from 'express';
import { isDraining } from './readiness';

export type HealthCheck = () => Promise<boolean> | boolean;

export interface HealthRoutesOptions {
  /** A readiness check that has not answered by then counts as false; default 3000 ms. */
  checkTimeoutMs?: number;
}

async function runCheck(check: HealthCheck, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return (await Promise.race([Promise.resolve().then(check), timeout])) === true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /healthz`: liveness, answers 200 while the process can serve at all (no checks, so
 * a slow database never gets the pod restarted). `GET /readyz`: runs every check in
 * parallel; 200 when all pass, else 503. A check that throws or times out counts as false.
 */
export function addHealthRoutes(
  app: IRouter,
  checks: Record<string, HealthCheck>,
  options: HealthRoutesOptions = {},
): void {
  const timeoutMs = options.checkTimeoutMs ?? 3000;

  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  app.get('/readyz', async (_req, res) => {
    if (isDraining()) {
      res.status(503).set('Cache-Control', 'no-store').json({ status: 'draining', checks: {} });
      return;
    }
    const entries = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => [name, await runCheck(check, timeoutMs)] as const),
    );
    const results = Object.fromEntries(entries);
    const isReady = entries.every(([, ok]) => ok);
    res
      .status(isReady ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: isReady ? 'ready' : 'not-ready', checks: results });
  });
}
