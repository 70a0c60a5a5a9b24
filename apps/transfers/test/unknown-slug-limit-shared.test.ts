import { randomBytes } from 'node:crypto';
import { createInProcessBus } from '@ferry/bus';
import { TRANSFERS_RPC } from '@ferry/contracts';
import { openDb, type Knex } from '@ferry/db';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { createLogger } from '@ferry/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTransfersConfig, startTransfers, transfersMigrations, type RunningTransfers } from '../src/index';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** One transfers instance with its own bus, on the shared database and Redis. */
async function startInstance(db: Knex, url: string) {
  const log = createLogger({ service: 'transfers', level: 'silent' });
  const bus = createInProcessBus({ log });
  const config = loadTransfersConfig({ DATABASE_URL: url, EVENT_SEAL_KEY: 'seal-key-for-transfers-tests-32-chars-long', LOG_LEVEL: 'silent', REDIS_URL, SLUG_MISSES_PER_10_MIN: '5' });
  const running: RunningTransfers = await startTransfers({ db, bus, log, config });
  const open = (ip: string) =>
    bus.request(TRANSFERS_RPC.publicGet, { slug: 'zzzzzzz', client: { ip } }).then(
      (): { code: string; retryAfterSeconds?: number } => ({ code: 'OK' }),
      (error: { code: string; details?: { retryAfterSeconds?: number } }) => ({ code: error.code, retryAfterSeconds: error.details?.retryAfterSeconds }),
    );
  return { running, open };
}

describe('two transfers instances sharing Redis', () => {
  let testDb: TestDatabase;
  let db: Knex;
  let instances: Array<Awaited<ReturnType<typeof startInstance>>> = [];

  beforeAll(async () => {
    testDb = await createTestDatabase('transfers_slug_redis');
    db = await openDb(testDb.url, { schema: 'transfers', migrations: transfersMigrations });
    instances = [await startInstance(db, testDb.url), await startInstance(db, testDb.url)];
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.running.stop()));
    await db?.destroy();
    await testDb?.drop();
  });

  it('when an address spends its unknown-link allowance across both instances, then either refuses it with how long to wait', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    // An address of its own, so runs never share a count.
    const ip = `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
    for (const instance of [a, b, a, b, a]) expect(await instance.open(ip)).toMatchObject({ code: 'NOT_FOUND' });

    const refused = await b.open(ip);
    expect(refused.code).toBe('RATE_LIMITED');
    expect(refused.retryAfterSeconds).toBeGreaterThan(590);
    expect(await a.open(ip)).toMatchObject({ code: 'RATE_LIMITED' });
    // Another address is not affected.
    expect(await a.open(`${ip}1`)).toMatchObject({ code: 'NOT_FOUND' });
  });
});
