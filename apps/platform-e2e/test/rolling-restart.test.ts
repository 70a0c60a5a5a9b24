import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { TEST_NATS_URL } from '@ferry/bus/testing';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { WORKSPACE_ROOT, freePort, startServiceProcess, waitFor, type ServiceProcess } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A rolling restart of transfers as Kubernetes does it: two instances; one gets SIGTERM (it turns
 * unready, drains, closes) and comes back, then the other. A client polling through the gateway the
 * whole time sees no failed request.
 */
describe('a rolling restart of transfers', () => {
  let db: TestDatabase;
  let api = '';
  let env: Record<string, string> = {};
  const running: ServiceProcess[] = [];
  /** How many times an instance has said it serves (its log is kept across restarts). */
  const logOf = (name: string) => resolve(WORKSPACE_ROOT, 'test-output/platform-e2e', `${name}.log`);
  const timesServing = (name: string) => (existsSync(logOf(name)) ? readFileSync(logOf(name), 'utf8').split('transfers is serving').length - 1 : 0);
  const startTransfers = (name: string) => {
    const process = startServiceProcess(name, 'apps/transfers/src/main.ts', env);
    running.push(process);
    return process;
  };

  beforeAll(async () => {
    db = await createTestDatabase('rolling_restart');
    const port = await freePort();
    env = {
      DATABASE_URL: db.url,
      NATS_URL: TEST_NATS_URL,
      // Its own subjects: transfers instances of other test files on the same NATS are not ours.
      NATS_PREFIX: `roll${randomBytes(3).toString('hex')}`,
      AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
      EVENT_SEAL_KEY: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      HEALTH_PORT: '0',
      OPS_PORT: '0',
      SHUTDOWN_DRAIN_MS: '500',
      // The poller asks about an unknown link many times: keep it under the unknown-link limit.
      SLUG_MISSES_PER_10_MIN: '100000',
      RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
    };
    api = `http://127.0.0.1:${port}/api/v1`;
    for (const name of ['roll-transfers-a', 'roll-transfers-b']) rmSync(logOf(name), { force: true });
    running.push(startServiceProcess('roll-gateway', 'apps/gateway/src/main.ts', env));
    startTransfers('roll-transfers-a');
    startTransfers('roll-transfers-b');
    await waitFor('transfers through the gateway', async () => (await fetch(`${api}/public/transfers/aaaaaaa`).catch(() => null))?.status === 404, 60_000);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop()));
    await db?.drop();
  });

  it('when each instance in turn is stopped and started again while a client polls, then every answer is the right one', async () => {
    const answers: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const res = await fetch(`${api}/public/transfers/aaaaaaa`).catch(() => null);
        answers.push(res?.status ?? 0);
        await res?.arrayBuffer();
      }
    })();
    const waitForAnswers = async (count: number) => {
      const target = answers.length + count;
      await waitFor(`${count} more answers`, () => answers.length >= target, 30_000);
    };

    await waitForAnswers(20);
    for (const name of ['roll-transfers-a', 'roll-transfers-b']) {
      const old = running.find((p) => p.name === name && p.child.exitCode === null && p.child.signalCode === null)!;
      await old.stop();
      await waitForAnswers(30);
      const served = timesServing(name);
      const fresh = startTransfers(name);
      // Like a rollout, the next instance goes only once this one is ready.
      await waitFor(`${name} serving again`, () => timesServing(name) > served, 60_000);
      await waitForAnswers(30);
      expect(fresh.child.exitCode).toBeNull();
    }
    polling = false;
    await poller;

    const failed = answers.filter((status) => status !== 404);
    expect(answers.length).toBeGreaterThan(100);
    expect(failed).toEqual([]);
  }, 180_000);
});
