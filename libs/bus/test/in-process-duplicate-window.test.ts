import { randomUUID } from 'node:crypto';
import { defineEvent } from '@ferry/contracts';
import { openDb, type Knex } from '@ferry/db';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { consumer } from '../src/handler-builders';
import { createInProcessBus } from '../src/in-process-bus';
import { createMemoryLogger } from '../src/testing';

describe('the in-process bus with a duplicate window of 0 (tests that deliver an event again)', () => {
  const happened = defineEvent('evt.window-zero.happened', 1, z.object({ eventId: z.uuid() }));
  let testDb: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    testDb = await createTestDatabase('bus_window_zero');
    db = await openDb(testDb.url, { schema: 'window_zero' });
  });
  afterAll(async () => {
    await db?.destroy();
    await testDb?.drop();
  });

  it('when the same event is published again within the same millisecond, then it is delivered again (it was dropped as a duplicate)', async () => {
    const bus = createInProcessBus({ log: createMemoryLogger(), duplicateWindowMs: 0 });
    const handled: string[] = [];
    await bus.consume([consumer(happened, { durable: 'window-zero--happened', db, handle: async (event) => void handled.push(event.eventId) })]);
    const event = { eventId: randomUUID() };
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000);
    try {
      await bus.publishEvent(happened.subject, event.eventId, event, {});
      // The consumer forgets it (as a test that deletes its inbox row does), then it comes again in the same millisecond.
      await db('inbox').where({ event_id: event.eventId }).delete();
      await bus.publishEvent(happened.subject, event.eventId, event, {});
    } finally {
      now.mockRestore();
      await bus.drain();
    }
    expect(handled).toEqual([event.eventId, event.eventId]);
  });
});
