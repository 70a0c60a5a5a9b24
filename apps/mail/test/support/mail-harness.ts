import { createInProcessBus, startOutboxRelay, writeEvent, type EventInput, type OutboxRelay } from '@ferry/bus';
import type { EventDef } from '@ferry/contracts';
import { openDb, type Knex } from '@ferry/db';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { loadMailConfig, mailMigrations, startMail } from '../../src/index';
import { createMemoryLog, type MemoryLog } from './memory-log';
import { waitFor } from '@ferry/testing';

export const PUBLIC_URL = 'https://ferry.example';

export interface MailHarness {
  /** The mail service's schema. */
  db: Knex;
  bus: ReturnType<typeof createInProcessBus>;
  memory: MemoryLog;
  /** Writes an event to a stand-in identity outbox and relays it, the way identity does. */
  publish<T extends { eventId: string }>(event: EventDef<T>, input: EventInput<T>): Promise<T>;
  /** Resolves once the mail consumer has finished with the event (its inbox row committed). */
  waitUntilHandled(eventId: string): Promise<void>;
  /** The mail service's clock; tests move it instead of waiting. */
  advance(ms: number): void;
  /** The mail service's time. */
  now(): Date;
  /** Runs the download digests' timer now. */
  sendDueDigests(): Promise<number>;
  /** Stops this mail service and boots another on the same database and a fresh bus, as after a restart. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface MailHarnessOptions {
  prefix: string;
  /** Where the mail service's clock starts (now by default); digest tests start at their downloads' time, since a window counts from the download. */
  startAt?: Date;
  smtpUrl: string;
  /** The in-process bus drops a repeated event id inside this window; 0 lets a test redeliver one. */
  duplicateWindowMs?: number;
  env?: Record<string, string>;
}

/** Boots the mail service on its own database, an in-process bus and a stand-in identity outbox. */
export async function startMailHarness(options: MailHarnessOptions): Promise<MailHarness> {
  const testDb: TestDatabase = await createTestDatabase(options.prefix);
  const db = await openDb(testDb.url, { schema: 'mail', migrations: mailMigrations });
  const identityDb = await openDb(testDb.url, { schema: 'identity_fake' });
  const memory = createMemoryLog();
  const bus = createInProcessBus({ log: memory.log, duplicateWindowMs: options.duplicateWindowMs });
  const relay: OutboxRelay = startOutboxRelay({ db: identityDb, bus, log: memory.log, pollMs: 50 });
  const config = loadMailConfig({
    SMTP_URL: options.smtpUrl,
    DATABASE_URL: testDb.url,
    EVENT_SEAL_KEY: 'seal-key-for-mail-tests-that-is-32-chars',
    PUBLIC_URL: `${PUBLIC_URL}/`,
    ...options.env,
  });
  let now = options.startAt ?? new Date();
  const clock = () => now;
  let mail = await startMail({ db, bus, log: memory.log, config, clock });
  const restartedBuses: Array<ReturnType<typeof createInProcessBus>> = [];
  return {
    db,
    bus,
    memory,
    async publish(event, input) {
      const published = await writeEvent(identityDb, event, input);
      relay.kick();
      return published;
    },
    async waitUntilHandled(eventId) {
      await waitFor(`event ${eventId} handled`, async () => (await db('inbox').where({ event_id: eventId }).first()) !== undefined);
    },
    advance(ms) {
      now = new Date(now.getTime() + ms);
    },
    now: () => now,
    sendDueDigests: () => mail.sendDueDigests(),
    async restart() {
      await mail.stop();
      const fresh = createInProcessBus({ log: memory.log });
      restartedBuses.push(fresh);
      mail = await startMail({ db, bus: fresh, log: memory.log, config, clock });
    },
    async close() {
      await relay.stop();
      await bus.drain();
      await Promise.all(restartedBuses.map((other) => other.drain()));
      await mail.stop();
      await Promise.all([db.destroy(), identityDb.destroy()]);
      await testDb.drop();
    },
  };
}
