import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createInProcessBus, type Bus, type EventConsumer } from '@ferry/bus';
import {
  EMAIL_CODE_REQUESTED,
  IDENTITY_RPC,
  SUBSCRIPTION_CHANGED,
  type EventDef,
  type RpcDef,
  type TCodePurpose,
  type TIssuedSession,
  type TPaidPlanCode,
  type TPlanCode,
} from '@ferry/contracts';

const DAY = 86_400_000;
import { openDb } from '@ferry/db';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { createLogger } from '@ferry/service-kit';
import { identityMigrations, loadIdentityConfig, startIdentity, type IdentityConfig } from '../src/index';

export const TEST_JWT_SECRET = 'identity-tests-secret-that-is-long-enough-0123456789';

export interface IdentityHarness {
  bus: Bus;
  db: Knex;
  config: IdentityConfig;
  /** The service's clock; tests move it instead of waiting. */
  now(): Date;
  advance(ms: number): void;
  call<TReq, TRes>(rpc: RpcDef<TReq, TRes>, request: TReq): Promise<TRes>;
  /** Payloads of one event in identity's outbox, oldest first: what the service committed. */
  events<T extends { eventId: string }>(event: EventDef<T>, where?: (payload: T) => boolean): Promise<T[]>;
  lastEvent<T extends { eventId: string }>(event: EventDef<T>, where?: (payload: T) => boolean): Promise<T>;
  /** Waits (up to 5 s) until the outbox holds `count` of an event, for what identity writes off the request path. */
  waitForEvents<T extends { eventId: string }>(event: EventDef<T>, where: (payload: T) => boolean, count?: number): Promise<T[]>;
  /** Starts the event consumers `holdConsumers` kept back; the events published meanwhile reach them then. */
  releaseConsumers(): Promise<void>;
  /** The last code mailed to `email` for `purpose`. */
  lastCode(email: string, purpose?: TCodePurpose): Promise<string>;
  /** request code -> verify -> signup, the way the register screen does it. */
  register(email: string, options?: { password?: string; plan?: TPlanCode; fullName?: string; company?: string }): Promise<TIssuedSession>;
  /**
   * What billing does when a checkout starts the trial: publishes `evt.subscription.changed` for the
   * admin and waits until identity applied it (the plan's limits then hold).
   */
  subscribe(adminId: string, planCode: TPaidPlanCode, status?: 'trialing' | 'active'): Promise<void>;
  /** Runs the purge of accounts whose deletion grace period has ended (by the harness's clock). */
  purgeDueAccounts(): Promise<number>;
  close(): Promise<void>;
}

export interface BootIdentityOptions {
  /** Keep identity's event consumers from starting until `releaseConsumers()`, to see what a request does on its own. */
  holdConsumers?: boolean;
}

/** Boots identity in-process on its own database and the in-process bus. */
export async function bootIdentity(suite: string, options: BootIdentityOptions = {}): Promise<IdentityHarness> {
  const testDb: TestDatabase = await createTestDatabase(`identity_${suite}`);
  const db = await openDb(testDb.url, { schema: 'identity', migrations: identityMigrations });
  const log = createLogger({ service: 'identity', level: 'silent' });
  const bus = createInProcessBus({ log });
  const config = loadIdentityConfig({ DATABASE_URL: testDb.url, AUTH_JWT_SECRET: TEST_JWT_SECRET, EVENT_SEAL_KEY: 'seal-key-for-identity-tests-32-chars-long', LOG_LEVEL: 'silent' });
  let now = new Date();
  const heldConsumers: EventConsumer[] = [];
  const servedBus: Bus = options.holdConsumers ? { ...bus, consume: async (consumers) => void heldConsumers.push(...consumers) } : bus;
  const identity = await startIdentity({ db, bus: servedBus, log, config, clock: () => now });

  const harness: IdentityHarness = {
    bus,
    db,
    config,
    now: () => now,
    advance(ms) {
      now = new Date(now.getTime() + ms);
    },
    call: (rpc, request) => bus.request(rpc, request),
    async events(event, where) {
      const rows: Array<{ payload: unknown }> = await db('outbox').select('payload').where({ subject: event.subject }).orderBy('created_at');
      return rows.map((row) => event.schema.parse(row.payload)).filter((payload) => !where || where(payload));
    },
    async lastEvent(event, where) {
      const found = await harness.events(event, where);
      const last = found[found.length - 1];
      if (!last) throw new Error(`no ${event.subject} in the outbox`);
      return last;
    },
    async waitForEvents(event, where, count = 1) {
      for (let waited = 0; ; waited += 20) {
        const found = await harness.events(event, where);
        if (found.length >= count || waited >= 5_000) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    releaseConsumers: () => bus.consume(heldConsumers.splice(0)),
    async lastCode(email, purpose = 'register') {
      const event = await harness.lastEvent(EMAIL_CODE_REQUESTED, (e) => e.email === email && e.purpose === purpose);
      return event.code;
    },
    async register(email, options = {}) {
      await harness.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'register' });
      const code = await harness.lastCode(email);
      const { ticket } = await harness.call(IDENTITY_RPC.verifyEmailCode, { email, code, purpose: 'register' });
      return harness.call(IDENTITY_RPC.signup, {
        email,
        verificationTicket: ticket,
        password: options.password ?? 'correct horse',
        plan: options.plan,
        fullName: options.fullName,
        company: options.company,
      });
    },
    async subscribe(adminId, planCode, status = 'trialing') {
      const changedAt = harness.now().getTime();
      const event = { eventId: randomUUID(), adminId, planCode, role: planCode, status, userStatus: status, trialEnd: null, currentPeriodEnd: changedAt + 7 * DAY, changedAt };
      await bus.publishEvent(SUBSCRIPTION_CHANGED.subject, event.eventId, event, { 'Ferry-Event-Version': '1' });
      for (let waited = 0; ; waited += 20) {
        const row = await db('users').where({ id: adminId }).first<{ status: string } | undefined>('status');
        if (row?.status === status) return;
        if (waited >= 5_000) throw new Error(`identity did not apply the subscription of ${adminId}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    purgeDueAccounts: () => identity.purgeDueAccounts(),
    async close() {
      await identity.stop();
      await bus.drain();
      await db.destroy();
      await testDb.drop();
    },
  };
  return harness;
}
