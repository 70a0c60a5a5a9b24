import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { startHealthServer } from './health-server';

describe('startHealthServer', () => {
  it('when a check fails, then /readyz answers 503 while /healthz stays 200', async () => {
    let dbUp = true;
    const server = await startHealthServer({
      log: createLogger({ service: 'probe', level: 'silent' }),
      service: 'probe',
      port: 0,
      host: '127.0.0.1',
      checks: { db: () => dbUp },
    });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      dbUp = false;
      const notReady = await fetch(`${base}/readyz`);
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toMatchObject({ checks: { db: false } });
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
