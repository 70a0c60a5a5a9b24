import type { Knex } from 'knex';
import { startOutboxRelay, consumersWithFreshClock, withFreshClock, type Bus } from '@ferry/bus';
import { openServiceClock } from '@ferry/db';
import type { Logger } from '@ferry/service-kit';
import type { TransfersConfig } from './config';
import { createSlugMissCounter } from './domain/slug-misses';
import { sweepExpired } from './domain/sweep-expired';
import { DAY_MS, type TransfersDeps } from './domain/transfers.deps';
import { dashboardHandlers } from './handlers/dashboard.handlers';
import { testClockHandlers } from './handlers/test-clock.handlers';
import { receiptsHandlers } from './handlers/receipts.handlers';
import { transfersHandlers } from './handlers/transfers.handlers';
import { accountLifecycleHandlers } from './handlers/account-lifecycle.handlers';
import { accountLifecycleConsumers } from './events/on-account-lifecycle.consumers';
import { createAccountDataStore } from './store/account-data.store';
import { writeEvent, type EventInput } from '@ferry/bus';
import { deleteExpiredDataExports, type DataExportDeps } from './domain/data-export';
import { createReceiptKeyRing } from './domain/receipts/receipt-key-ring';
import { createReceiptKeyStore } from './store/receipt-keys.store';
import { createPasswordAttemptStore } from './store/password-attempts.store';
import { createTransfersStore } from './store/transfers.store';
import { createRedisSlugMissCounter } from './store/slug-misses.redis';

export interface StartTransfersOptions {
  /** A pool on the `transfers` schema, migrated with `transfersMigrations`. */
  db: Knex;
  bus: Bus;
  log: Logger;
  config: TransfersConfig;
  /** The time; service tests pass their own to expire transfers (the test clock then stays off). */
  clock?: () => Date;
}

export interface RunningTransfers {
  deps: TransfersDeps;
  /** Runs the expiry sweep now (it also runs every EXPIRY_SWEEP_INTERVAL_MS), expired data exports' ZIPs included. */
  sweep(): Promise<{ offered: number; purged: number; reminded: number; exportsDeleted: number }>;
  stop(): Promise<void>;
}

/** Serves every transfers RPC on `bus`, relays the outbox and sweeps expired transfers. */
export async function startTransfers(options: StartTransfersOptions): Promise<RunningTransfers> {
  const { db, bus, log, config } = options;
  const serviceClock = await openServiceClock(db, { isTest: config.FERRY_TEST_CLOCK && !options.clock, nodeEnv: config.NODE_ENV });
  const clock = options.clock ?? (() => serviceClock.now());
  if (serviceClock.isTest) log.warn({ offsetMs: serviceClock.offsetMs() }, 'FERRY_TEST_CLOCK=1: time is moved by POST /api/v1/test-clock');
  const relay = startOutboxRelay({ db, bus, log });
  const localSlugMisses = createSlugMissCounter(config.SLUG_MISSES_PER_10_MIN, () => clock().getTime());
  const sharedSlugMisses = config.REDIS_URL ? createRedisSlugMissCounter(config.REDIS_URL, config.SLUG_MISSES_PER_10_MIN, localSlugMisses) : null;
  const slugMisses = sharedSlugMisses ?? localSlugMisses;
  const deps: TransfersDeps = {
    store: createTransfersStore(db, { onEventsCommitted: () => relay.kick() }),
    passwordAttempts: createPasswordAttemptStore(db),
    bus,
    publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
    clock,
    testClock: serviceClock,
    log,
    purgeGraceMs: config.PURGE_GRACE_DAYS * DAY_MS,
    slugMisses,
    receiptKeys: createReceiptKeyRing(createReceiptKeyStore(db), { sealKey: config.EVENT_SEAL_KEY, sealKeyPrevious: config.EVENT_SEAL_KEY_PREVIOUS }, clock),
  };
  const exportDeps: DataExportDeps = {
    bus,
    clock,
    store: createAccountDataStore(db),
    transaction: async (work) => {
      const result = await db.transaction((trx) =>
        work({ ...createAccountDataStore(trx), emit: (event, input) => writeEvent(trx, event, input as EventInput<never>) }),
      );
      relay.kick();
      return result;
    },
  };
  try {
    await bus.serve('transfers', withFreshClock([...transfersHandlers(deps), ...dashboardHandlers(deps), ...receiptsHandlers(deps), ...testClockHandlers(deps), ...accountLifecycleHandlers(exportDeps)], serviceClock));
    await bus.consume(consumersWithFreshClock(accountLifecycleConsumers(exportDeps, db, () => relay.kick()), serviceClock));
  } catch (error) {
    serviceClock.close();
    await relay.stop();
    throw error;
  }
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    const run = sweeping.then(async () => {
      await serviceClock.refresh();
      const swept = await sweepExpired(deps);
      return { ...swept, exportsDeleted: await deleteExpiredDataExports({ ...exportDeps, log }) };
    });
    sweeping = run.catch(() => undefined);
    return run;
  };
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => log.error({ err: error }, 'the expiry sweep failed'));
  }, config.EXPIRY_SWEEP_INTERVAL_MS);
  timer.unref();
  log.info({}, 'transfers is serving');
  return {
    deps,
    sweep,
    async stop() {
      clearInterval(timer);
      serviceClock.close();
      await sweeping;
      await relay.stop();
      await sharedSlugMisses?.close();
    },
  };
}
