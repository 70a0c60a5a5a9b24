import { randomBytes } from 'node:crypto';
import { defineEvent } from '@ferry/contracts';
import { openDb, type Knex } from '@ferry/db';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { waitFor } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Bus } from '../src/bus.types';
import { createInProcessBus } from '../src/in-process-bus';
import { writeEvent } from '../src/outbox';
import { startOutboxRelay } from '../src/outbox-relay';
import { createMemoryLogger } from '../src/testing';

/** The statements a pool sends while `run` runs, as knex reports them (BEGIN and COMMIT included). */
async function statementsDuring(db: Knex, run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const onQuery = (query: { sql: string }) => void seen.push(query.sql.trim().toLowerCase());
  db.client.on('query', onQuery);
  try {
    await run();
  } finally {
    db.client.removeListener('query', onQuery);
  }
  return seen;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('outbox relay polls', () => {
  const tag = randomBytes(3).toString('hex');
  const happened = defineEvent(`evt.poll${tag}.happened`, 1, z.object({ eventId: z.uuid(), n: z.number() }));
  let testDb: TestDatabase;
  let db: Knex;
  const published: string[] = [];
  let bus: Bus;

  beforeAll(async () => {
    testDb = await createTestDatabase('outbox_poll');
    db = await openDb(testDb.url, { schema: 'polled' });
    const inProcess = createInProcessBus({ log: createMemoryLogger() });
    // The real bus, with what reaches it written down.
    bus = { ...inProcess, publishEvent: async (subject, eventId, payload, headers) => {
      published.push(eventId);
      await inProcess.publishEvent(subject, eventId, payload, headers);
    } };
  });
  afterAll(async () => {
    await db?.destroy();
    await testDb?.drop();
  });

  it('when nothing is due, then each poll is one statement and opens no transaction', async () => {
    const relay = startOutboxRelay({ db, bus, log: createMemoryLogger(), pollMs: 20 });
    await relay.flush();
    const statements = await statementsDuring(db, () => sleep(400));
    await relay.stop();
    // ~20 polls in 400 ms; before the probe each was BEGIN, select … for update skip locked, COMMIT.
    // The retention delete (once a minute, the first time with the relay's first poll) may fall in too.
    const polls = statements.filter((sql) => !sql.startsWith('delete from "outbox" where "published_at" is not null'));
    expect(polls.length).toBeGreaterThanOrEqual(5);
    expect(polls.filter((sql) => sql.startsWith('select 1 from "outbox"'))).toHaveLength(polls.length);
    expect(statements.some((sql) => sql.includes('begin') || sql.includes('for update'))).toBe(false);
  });

  it('when an event is written and nobody kicks the relay, then a poll publishes it', async () => {
    const relay = startOutboxRelay({ db, bus, log: createMemoryLogger(), pollMs: 20 });
    await relay.flush();
    const event = await db.transaction((trx) => writeEvent(trx, happened, { n: 1 }));
    await waitFor('the event published', async () => ((await db('outbox').where({ id: event.eventId }).first())?.published_at ? true : undefined));
    await relay.stop();
    expect(published).toContain(event.eventId);
  });

  it('when the only unpublished event waits for its retry, then polls leave it alone until its time comes', async () => {
    const relay = startOutboxRelay({ db, bus, log: createMemoryLogger(), pollMs: 20 });
    await relay.flush();
    await relay.stop();
    const event = await db.transaction(async (trx) => {
      const written = await writeEvent(trx, happened, { n: 2 });
      await trx('outbox').where({ id: written.eventId }).update({ next_attempt_at: new Date(Date.now() + 60_000), attempts: 1 });
      return written;
    });
    const waiting = startOutboxRelay({ db, bus, log: createMemoryLogger(), pollMs: 20 });
    const statements = await statementsDuring(db, () => sleep(300));
    expect(statements.some((sql) => sql.includes('begin') || sql.includes('for update'))).toBe(false);
    expect(published).not.toContain(event.eventId);

    await db('outbox').where({ id: event.eventId }).update({ next_attempt_at: new Date(Date.now() - 1_000) });
    await waitFor('the event published once due', async () => ((await db('outbox').where({ id: event.eventId }).first())?.published_at ? true : undefined));
    await waiting.stop();
    expect(published.filter((id) => id === event.eventId)).toHaveLength(1);
  });
});
