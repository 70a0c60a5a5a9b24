import { createInProcessBus } from '@ferry/bus';
import { SUBSCRIPTION_CHANGED, type EventDef, type TCaller, type TSubscriptionChanged } from '@ferry/contracts';
import { openDb, type Knex } from '@ferry/db';
import { createLogger } from '@ferry/service-kit';
import { createTestDatabase } from '@ferry/db/testing';
import { billingMigrations, startBilling, type RunningBilling } from '../src/index';

export const DAY_MS = 86_400_000;

/** A caller as the gateway passes it from the access token. */
export function callerOf(id: string, overrides: Partial<TCaller> = {}): TCaller {
  return { sub: id, email: `${id}@example.com`, role: 'pro', status: 'unpaid', isTeamMember: false, parentAdminId: null, ...overrides };
}

export interface BillingHarness {
  db: Knex;
  bus: ReturnType<typeof createInProcessBus>;
  billing: RunningBilling;
  /** Moves billing's clock forward. */
  advance(ms: number): void;
  now(): Date;
  /** `evt.subscription.changed` payloads billing committed, oldest first. */
  changes(adminId: string): Promise<TSubscriptionChanged[]>;
  close(): Promise<void>;
}

/** The payloads of one event billing committed for an admin, oldest first. */
export async function emittedEvents<T extends { eventId: string; adminId: string }>(db: Knex, event: EventDef<T>, adminId: string): Promise<T[]> {
  const rows = await db('outbox').where({ subject: event.subject }).orderBy('created_at');
  return rows.map((row: { payload: T }) => row.payload).filter((p) => p.adminId === adminId);
}

/** `evt.subscription.changed` payloads billing committed for an admin, oldest first. */
export const subscriptionChanges = (db: Knex, adminId: string): Promise<TSubscriptionChanged[]> => emittedEvents(db, SUBSCRIPTION_CHANGED, adminId);

/** Billing on its own database and the in-process bus, with a clock the test moves. */
export async function startBillingHarness(suite: string): Promise<BillingHarness> {
  const testDb = await createTestDatabase(`billing_${suite}`);
  const db = await openDb(testDb.url, { schema: 'billing', migrations: billingMigrations });
  const log = createLogger({ service: 'billing-test', level: 'silent' });
  const bus = createInProcessBus({ log });
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const billing = await startBilling({ db, bus, log, config: { BILLING_PROVIDER: 'local', BILLING_TICK_MS: 3_600_000 }, clock: now });
  return {
    db,
    bus,
    billing,
    advance: (ms) => {
      offset += ms;
    },
    now,
    changes: (adminId) => subscriptionChanges(db, adminId),
    async close() {
      await billing.stop();
      await bus.drain();
      await db.destroy();
      await testDb.drop();
    },
  };
}
