import { beforeEach, describe, expect, it, vi } from 'vitest';
import express from 'express';
import { addHealthRoutes } from './health.routes';
import { listen } from './listen';
import { resetDrainingForTests } from './readiness';
import { onShutdown } from './shutdown';
import { captureLog } from './testing/capture-log';

describe('onShutdown', () => {
  beforeEach(() => resetDrainingForTests());

  it('when triggered, then the closers run one after another in the given order', async () => {
    const { log } = captureLog();
    const events: string[] = [];
    const step = (name: string, ms: number) => async () => {
      events.push(`${name}:start`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      events.push(`${name}:end`);
    };
    const shutdown = onShutdown(log, [step('server', 20), step('bus', 5), step('db', 1)], { exit: false });
    await shutdown();
    expect(events).toEqual(['server:start', 'server:end', 'bus:start', 'bus:end', 'db:start', 'db:end']);
  });

  it('when a closer fails, then the error is logged and the later closers still run', async () => {
    const { log, lines } = captureLog();
    const ran: string[] = [];
    const shutdown = onShutdown(
      log,
      [
        async () => {
          throw new Error('bus drain failed');
        },
        async () => {
          ran.push('db');
        },
      ],
      { exit: false },
    );
    await shutdown();
    expect(ran).toEqual(['db']);
    const failure = lines.find((line) => line.msg === 'shutdown step failed');
    expect(JSON.stringify(failure)).toContain('bus drain failed');
  });

  it('when triggered twice, then the closers run only once', async () => {
    const { log } = captureLog();
    const closer = vi.fn(async () => undefined);
    const shutdown = onShutdown(log, [closer], { exit: false });
    await Promise.all([shutdown(), shutdown()]);
    expect(closer).toHaveBeenCalledTimes(1);
  });

  it('when a closer hangs past the timeout, then shutdown gives up and logs the timeout', async () => {
    const { log, lines } = captureLog();
    const shutdown = onShutdown(log, [() => new Promise<void>(() => undefined)], { exit: false, timeoutMs: 30 });
    await shutdown();
    expect(lines.some((line) => line.msg === 'shutdown timed out')).toBe(true);
  });

  it('when SIGTERM arrives, then the sequence runs', async () => {
    const { log } = captureLog();
    let hasClosed = false;
    onShutdown(log, [async () => void (hasClosed = true)], { exit: false });
    process.emit('SIGTERM', 'SIGTERM');
    await vi.waitFor(() => expect(hasClosed).toBe(true));
  });

  it('when exit is on, then the process exits 0 after the closers, or 1 on timeout', async () => {
    const { log } = captureLog();
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    try {
      await onShutdown(log, [async () => undefined])();
      expect(exit).toHaveBeenLastCalledWith(0);
      await onShutdown(log, [() => new Promise<void>(() => undefined)], { timeoutMs: 10 })();
      expect(exit).toHaveBeenLastCalledWith(1);
    } finally {
      exit.mockRestore();
    }
  });

  it('when the sequence is over, then its signal listeners are removed', async () => {
    const { log } = captureLog();
    const before = process.listenerCount('SIGINT');
    const shutdown = onShutdown(log, [], { exit: false });
    expect(process.listenerCount('SIGINT')).toBe(before + 1);
    await shutdown();
    expect(process.listenerCount('SIGINT')).toBe(before);
  });

  it('when a shutdown starts with a drain period, then /readyz answers 503 at once while requests are still served, and the closers run after it', async () => {
    const { log } = captureLog();
    const app = express();
    addHealthRoutes(app, { db: () => true });
    app.get('/work', (_req, res) => res.json({ ok: true }));
    const server = await listen(app, 0, '127.0.0.1');
    const base = `http://127.0.0.1:${server.port}`;
    const events: string[] = [];
    try {
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      const shutdown = onShutdown(log, [async () => void events.push('closed')], { exit: false, drainMs: 300 });
      const done = shutdown();
      expect((await fetch(`${base}/readyz`)).status).toBe(503);
      expect((await fetch(`${base}/work`)).status).toBe(200);
      expect(events).toEqual([]);
      await done;
      expect(events).toEqual(['closed']);
    } finally {
      resetDrainingForTests();
      await server.close();
    }
  });
});
