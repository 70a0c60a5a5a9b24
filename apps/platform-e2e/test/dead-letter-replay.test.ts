import { randomBytes } from 'node:crypto';
import { connectNatsBus, consumer, listDeadLetters, startOutboxRelay, writeEvent, type Bus } from '@ferry/bus';
import { createMemoryLogger, TEST_NATS_URL } from '@ferry/bus/testing';
import { defineEvent } from '@ferry/contracts';
import { openDb, type Knex } from '@ferry/db';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { waitFor } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ferryAdmin } from './admin-command';

/** The operator's way back from a poison event: list it in FERRY_DLQ, fix the handler, replay it once. */
describe('ferry-admin dlq', () => {
  const tag = randomBytes(3).toString('hex');
  const event = defineEvent(`evt.parcel${tag}.lost`, 1, z.object({ eventId: z.uuid(), n: z.number() }));
  const durable = `parcels--lost-${tag}`;
  let testDb: TestDatabase;
  let db: Knex;
  const buses: Bus[] = [];
  const admin = (...args: string[]) => ferryAdmin({ NATS_URL: TEST_NATS_URL }, ...args);

  beforeAll(async () => {
    testDb = await createTestDatabase(`dlq_${tag}`);
    db = await openDb(testDb.url, { schema: 'parcels', migrations: [{ name: '20261125000000_applied', up: (k) => k.schema.createTable('applied', (t) => t.integer('n')) }] });
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.drain()));
    await db?.destroy();
    await testDb?.drop();
  });

  it('when a handler keeps failing, then the event is listed as a dead letter; after the fix, a replay applies it exactly once', async () => {
    const broken = await connectNatsBus(TEST_NATS_URL, { name: 'parcels', log: createMemoryLogger() });
    buses.push(broken);
    await broken.consume([consumer(event, { durable, db, maxDeliver: 2, backoffMs: [50], handle: async () => {
      throw new Error('the parcel handler has a bug');
    } })]);
    const relay = startOutboxRelay({ db, bus: broken, log: createMemoryLogger() });
    const written = await db.transaction((trx) => writeEvent(trx, event, { n: 42 }));
    await relay.flush();
    await relay.stop();

    const [letter] = await waitFor('the dead letter', async () => {
      const letters = await listDeadLetters(TEST_NATS_URL, { consumer: durable });
      return letters.length > 0 ? letters : undefined;
    }, 20_000);
    expect(letter).toMatchObject({ consumer: durable, subject: event.subject, eventId: written.eventId, reason: 'max deliveries reached' });
    expect((await admin('dlq', 'list', '--consumer', durable)).stdout).toContain(written.eventId);
    await broken.drain();

    const fixed = await connectNatsBus(TEST_NATS_URL, { name: 'parcels', log: createMemoryLogger() });
    buses.push(fixed);
    await fixed.consume([consumer(event, { durable, db, maxDeliver: 2, handle: async (e, { trx }) => {
      await trx('applied').insert({ n: e.n });
    } })]);

    expect((await admin('dlq', 'replay', '--consumer', durable)).stdout).toContain('replayed 1');
    await waitFor('the replayed event applied', async () => (await db('applied').count<{ n: string }[]>({ n: '*' }))[0]?.n === '1', 20_000);
    expect((await admin('dlq', 'replay', '--consumer', durable)).stdout).toContain('replayed 0');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await db('applied').pluck('n')).toEqual([42]);
    expect(await listDeadLetters(TEST_NATS_URL, { consumer: durable })).toEqual([]);
  }, 60_000);
});
