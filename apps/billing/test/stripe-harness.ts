import { createInProcessBus } from '@ferry/bus';
import { BILLING_PROVIDER_RPC, type TSubscriptionChanged } from '@ferry/contracts';
import { openDb, type Knex } from '@ferry/db';
import { createTestDatabase } from '@ferry/db/testing';
import { createLogger } from '@ferry/service-kit';
import { startStripeStandIn, type StripeObject, type StripeStandIn } from '@ferry/testing';
import Stripe from 'stripe';
import { billingMigrations, startBilling, type RunningBilling } from '../src/index';
import { subscriptionChanges } from './billing-harness';

export const WEBHOOK_SECRET = 'whsec_ferrytestsecret';
export const PRICES = { PM: 'price_pm', PY: 'price_py', PRM: 'price_prm', PRY: 'price_pry', BM: 'price_bm', BY: 'price_by' } as const;

export interface StripeHarness {
  db: Knex;
  bus: ReturnType<typeof createInProcessBus>;
  billing: RunningBilling;
  standIn: StripeStandIn;
  /** The SDK as a test uses it: signs webhook payloads. */
  sdk: Stripe;
  /** Signs a payload as Stripe does (`timestamp` in epoch seconds, default now) and delivers it to billing. */
  deliver(payload: string, options?: { timestamp?: number; signature?: string }): Promise<{ received: true; duplicate: boolean }>;
  /** An event about a stand-in subscription as it stands now. */
  subscriptionEvent(type: string, subscriptionId: string): string;
  changes(adminId: string): Promise<TSubscriptionChanged[]>;
  close(): Promise<void>;
}

/** Billing with BILLING_PROVIDER=stripe, the real SDK pointed at the stand-in, on its own database. */
export async function startStripeHarness(suite: string): Promise<StripeHarness> {
  const standIn = await startStripeStandIn();
  const testDb = await createTestDatabase(`billing_${suite}`);
  const db = await openDb(testDb.url, { schema: 'billing', migrations: billingMigrations });
  const log = createLogger({ service: 'billing-test', level: 'silent' });
  const bus = createInProcessBus({ log });
  const billing = await startBilling({
    db,
    bus,
    log,
    config: {
      BILLING_PROVIDER: 'stripe',
      BILLING_TICK_MS: 3_600_000,
      STRIPE_SECRET_KEY: 'sk_test_ferry',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
      STRIPE_PORTAL_RETURN_URL: 'http://localhost:8080/dash/account/billing',
      ...Object.fromEntries(Object.entries(PRICES).map(([code, price]) => [`STRIPE_PRICE_${code}`, price])),
    },
  });
  const sdk = new Stripe('sk_test_ferry', { host: standIn.host, port: standIn.port, protocol: 'http' });
  return {
    db,
    bus,
    billing,
    standIn,
    sdk,
    deliver(payload, options = {}) {
      const signature = options.signature ?? sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
      return bus.request(BILLING_PROVIDER_RPC.stripeWebhook, { payload, signature });
    },
    subscriptionEvent(type, subscriptionId) {
      const subscription = standIn.subscriptions.get(subscriptionId) as StripeObject;
      return standIn.eventOf(type, subscription);
    },
    changes: (adminId) => subscriptionChanges(db, adminId),
    async close() {
      await billing.stop();
      await bus.drain();
      await db.destroy();
      await testDb.drop();
      await standIn.close();
    },
  };
}
