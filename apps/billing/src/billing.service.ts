import { startOutboxRelay, withFreshClock, type Bus } from '@ferry/bus';
import { openServiceClock, type Knex } from '@ferry/db';
import type { Logger } from '@ferry/service-kit';
import type { BillingConfig } from './config';
import type { BillingDeps } from './domain/billing.ports';
import { notifyEndingTrials } from './domain/billing-mail-events';
import { settleDueSubscriptions } from './domain/settle-due-subscriptions';
import { billingHandlers } from './handlers/billing.handlers';
import { createLocalProvider } from './providers/local-provider';
import type { StripeEnv } from './providers/stripe/stripe-config';
import { createStripeBilling, stripeCardProvider, withProviderHandlers } from './providers/stripe/stripe-handlers';
import { createBillingStore } from './store/billing.store';
import { onAccountDeleted } from './events/on-account-deleted.consumer';
import { endStripeSubscription } from './providers/stripe/stripe-billing';

export interface BillingServiceDeps {
  /** The `billing` schema, migrated with `billingMigrations`. */
  db: Knex;
  bus: Bus;
  log: Logger;
  config: Pick<BillingConfig, 'BILLING_PROVIDER' | 'BILLING_TICK_MS'> & Partial<Pick<BillingConfig, 'FERRY_TEST_CLOCK' | 'NODE_ENV'>> & Partial<StripeEnv>;
  /** The time billing decides by (trials, renewals); the test clock in tests. */
  clock?: () => Date;
}

export interface RunningBilling {
  deps: BillingDeps;
  /** Settles every subscription whose period has ended now (the timer does it every BILLING_TICK_MS). */
  settleNow(): Promise<number>;
  stop(): Promise<void>;
}

/** Serves `svc.billing.*`, settles trials and renewals on a timer, relays `evt.subscription.changed`. */
export async function startBilling(options: BillingServiceDeps): Promise<RunningBilling> {
  const log = options.log.child({ component: 'billing' });
  // FERRY_TEST_CLOCK=1 (tests only): trials and renewals follow the clock POST /api/v1/test-clock moves.
  const serviceClock = await openServiceClock(options.db, { isTest: Boolean(options.config.FERRY_TEST_CLOCK) && !options.clock, nodeEnv: options.config.NODE_ENV ?? 'development' });
  const tickMs = serviceClock.isTest ? Math.min(options.config.BILLING_TICK_MS, 1_000) : options.config.BILLING_TICK_MS;
  const relay = startOutboxRelay({ db: options.db, bus: options.bus, log });
  // BILLING_PROVIDER=stripe: Stripe runs the subscriptions, its webhooks bring the state back.
  const stripe = options.config.BILLING_PROVIDER === 'stripe' ? createStripeBilling(options.db, options.config, () => relay.kick()) : null;
  const deps: BillingDeps = {
    store: createBillingStore(options.db, () => relay.kick()),
    provider: stripe ? stripeCardProvider(stripe) : createLocalProvider(),
    clock: options.clock ?? (() => serviceClock.now()),
  };
  let running: Promise<number> | null = null;
  // With Stripe, Stripe renews and ends subscriptions; the timer only announces trials ending in 2 days.
  const settleNow = () => {
    running ??= (stripe ? notifyEndingTrials(deps, deps.clock()) : settleDueSubscriptions(deps)).finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => {
    settleNow().then(
      (count) => count > 0 && log.info({ count }, 'subscriptions settled'),
      (error: unknown) => log.error({ err: error }, 'settling subscriptions failed; tried again on the next tick'),
    );
  }, tickMs);
  timer.unref();
  try {
    await options.bus.serve('billing', withFreshClock(withProviderHandlers(deps, billingHandlers(deps), stripe), serviceClock));
    await options.bus.consume([onAccountDeleted(options.db, stripe && ((adminId) => endStripeSubscription(stripe, adminId)))]);
  } catch (error) {
    clearInterval(timer);
    serviceClock.close();
    await relay.stop();
    throw error;
  }
  log.info({ provider: deps.provider.name, tickMs, testClock: serviceClock.isTest }, 'billing is serving');
  return {
    deps,
    settleNow,
    async stop() {
      clearInterval(timer);
      serviceClock.close();
      await running?.catch(() => undefined);
      await relay.stop();
    },
  };
}
