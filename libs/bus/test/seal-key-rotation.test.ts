import { randomBytes } from 'node:crypto';
import { defineEvent } from '@ferry/contracts';
import { openDb, type Knex } from '@ferry/db';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { waitFor } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Bus } from '../src/bus.types';
import { listDeadLetters } from '../src/dead-letters';
import { consumer } from '../src/handler-builders';
import { connectNatsBus } from '../src/nats-bus';
import { writeEvent } from '../src/outbox';
import { startOutboxRelay } from '../src/outbox-relay';
import { createMemoryLogger, TEST_NATS_URL } from '../src/testing';

const OLD = `old-seal-key-${randomBytes(16).toString('hex')}`;
const NEW = `new-seal-key-${randomBytes(16).toString('hex')}`;

/** The switch of EVENT_SEAL_KEY: consumers take the old key as the previous one until it is dropped. */
describe('rotating the event seal key over NATS', () => {
  const tag = randomBytes(3).toString('hex');
  const prefix = `seal${tag}`;
  const codeSent = defineEvent(`evt.seal${tag}.code-sent`, 1, z.object({ eventId: z.uuid(), code: z.string() }), { sealed: ['code'] });
  let testDb: TestDatabase;
  let db: Knex;
  const buses: Bus[] = [];
  const connect = async (name: string, sealKey: string, sealKeyPrevious?: string) => {
    const bus = await connectNatsBus(TEST_NATS_URL, { name, prefix, log: createMemoryLogger(), sealKey, sealKeyPrevious });
    buses.push(bus);
    return bus;
  };
  /** An event written and relayed by a service still sealing with the old key. */
  const publishWithOldKey = async (code: string) => {
    const relay = startOutboxRelay({ db, bus: await connect('old-publisher', OLD), log: createMemoryLogger() });
    await db.transaction((trx) => writeEvent(trx, codeSent, { code }));
    await relay.flush();
    await relay.stop();
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(`seal_${tag}`);
    db = await openDb(testDb.url, { schema: 'sealing' });
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.drain()));
    await db?.destroy();
    await testDb?.drop();
  });

  it('when the previous key is configured, then an event sealed with the old key is read in clear', async () => {
    const codes: string[] = [];
    const switching = await connect('switching', NEW, OLD);
    await switching.consume([consumer(codeSent, { durable: `mail--switching-${tag}`, db, handle: async (e) => void codes.push(e.code) })]);
    await publishWithOldKey('11223');
    await waitFor('the old-key event handled', () => (codes.length > 0 ? true : undefined), 20_000);
    expect(codes).toEqual(['11223']);
  });

  it('when the previous key is dropped, then an event sealed with the old key is refused and dead-lettered, never handled', async () => {
    const codes: string[] = [];
    const durable = `mail--dropped-${tag}`;
    const dropped = await connect('dropped', NEW);
    await dropped.consume([consumer(codeSent, { durable, db, maxDeliver: 2, backoffMs: [20], handle: async (e) => void codes.push(e.code) })]);
    await publishWithOldKey('44556');
    const [letter] = await waitFor('the refused event dead-lettered', async () => {
      const letters = await listDeadLetters(TEST_NATS_URL, { consumer: durable, prefix });
      return letters.length > 0 ? letters : undefined;
    }, 20_000);
    expect(letter).toMatchObject({ consumer: durable, subject: codeSent.subject });
    expect(codes).toEqual([]);
  });
});
