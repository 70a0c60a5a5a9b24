import { randomBytes } from 'node:crypto';
import { defineEvent } from '@ferry/contracts';
import { openDb } from '@ferry/db';
import { createTestDatabase } from '@ferry/db/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { consumer } from '../src/handler-builders';
import { connectNatsBus, EVENT_STREAM } from '../src/nats-bus';
import { consumerInfo, createMemoryLogger, deleteConsumer, TEST_NATS_URL } from '../src/testing';
import { describeBusContract } from './bus-contract';

describeBusContract('NATS', (service) => connectNatsBus(TEST_NATS_URL, { name: service, log: createMemoryLogger() }));

describe('NATS consumers across releases', () => {
  it('when a service starts again with a changed maxDeliver, then the durable consumer takes the new setting', async () => {
    const tag = randomBytes(3).toString('hex');
    const event = defineEvent(`evt.release${tag}.shipped`, 1, z.object({ eventId: z.uuid() }));
    const testDb = await createTestDatabase(`bus_release_${tag}`);
    const db = await openDb(testDb.url, { schema: 'releases', migrations: [] });
    const durable = `releases--shipped-${tag}`;
    const start = async (maxDeliver: number) => {
      const bus = await connectNatsBus(TEST_NATS_URL, { name: 'releases', log: createMemoryLogger() });
      await bus.consume([consumer(event, { durable, db, maxDeliver, handle: async () => undefined })]);
      return bus;
    };
    try {
      await (await start(8)).drain();
      expect((await consumerInfo(TEST_NATS_URL, EVENT_STREAM, durable)).config.max_deliver).toBe(8);
      await (await start(200)).drain();
      expect((await consumerInfo(TEST_NATS_URL, EVENT_STREAM, durable)).config.max_deliver).toBe(200);
    } finally {
      await deleteConsumer(TEST_NATS_URL, EVENT_STREAM, durable);
      await db.destroy();
      await testDb.drop();
    }
  });
});
