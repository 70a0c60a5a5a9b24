import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { addHealthRoutes, type HealthCheck } from './health.routes';
import { createHttpApp, finishHttpApp } from './http-app';
import { captureLog } from './testing/capture-log';

function buildApp(checks: Record<string, HealthCheck>, checkTimeoutMs?: number) {
  const { log } = captureLog();
  const app = createHttpApp({ log, service: 'test' });
  addHealthRoutes(app, checks, { checkTimeoutMs });
  return finishHttpApp(app, { log });
}

describe('addHealthRoutes', () => {
  it('when /healthz is called, then 200 ok without running any check', async () => {
    let calls = 0;
    const res = await request(buildApp({ db: () => (calls += 1) > 100 })).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(calls).toBe(0);
  });

  it('when every check passes, then /readyz is 200 ready with each check named', async () => {
    const res = await request(buildApp({ db: async () => true, bus: () => true })).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: { db: true, bus: true } });
  });

  it('when a check fails or throws, then /readyz is 503 not-ready and marks those checks false', async () => {
    const res = await request(
      buildApp({
        db: async () => true,
        bus: () => false,
        mail: async () => {
          throw new Error('smtp down');
        },
      }),
    ).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'not-ready', checks: { db: true, bus: false, mail: false } });
    expect(res.text).not.toContain('smtp down');
  });

  it('when a check hangs past the timeout, then it counts as false', async () => {
    const res = await request(buildApp({ db: () => new Promise<boolean>(() => undefined) }, 50)).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body.checks).toEqual({ db: false });
  });

  it('when a check returns a truthy non-boolean, then it does not count as ready', async () => {
    const res = await request(buildApp({ db: (() => 'yes') as unknown as HealthCheck })).get('/readyz');
    expect(res.status).toBe(503);
  });
});
