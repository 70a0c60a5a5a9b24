import type { Knex } from 'knex';
import { startOutboxRelay, type Bus } from '@ferry/bus';
import type { Logger } from '@ferry/service-kit';
import type { TransfersConfig } from './config';
import { createSlugMissCounter } from './domain/slug-misses';
import { sweepExpired } from './domain/sweep-expired';
import { DAY_MS, type TransfersDeps } from './domain/transfers.deps';
import { transfersHandlers } from './handlers/transfers.handlers';
import { createPasswordAttemptStore } from './store/password-attempts.store';
import { createTransfersStore } from './store/transfers.store';

export interface StartTransfersOptions {
  /** A pool on the `transfers` schema, migrated with `transfersMigrations`. */
  db: Knex;
  bus: Bus;
  log: Logger;
  config: TransfersConfig;
  /** The time; tests pass their own to expire transfers. */
  clock?: () => Date;
}

export interface RunningTransfers {
  deps: TransfersDeps;
  /** Runs the expiry sweep now (it also runs every EXPIRY_SWEEP_INTERVAL_MS). */
  sweep(): Promise<{ offered: number; purged: number }>;
  stop(): Promise<void>;
}

/** Serves every transfers RPC on `bus`, relays the outbox and sweeps expired transfers. */
export async function startTransfers(options: StartTransfersOptions): Promise<RunningTransfers> {
  const { db, bus, log, config } = options;
  const clock = options.clock ?? (() => new Date());
  const relay = startOutboxRelay({ db, bus, log });
  const deps: TransfersDeps = {
    store: createTransfersStore(db, { onEventsCommitted: () => relay.kick() }),
    passwordAttempts: createPasswordAttemptStore(db),
    bus,
    publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
    clock,
    log,
    purgeGraceMs: config.PURGE_GRACE_DAYS * DAY_MS,
    slugMisses: createSlugMissCounter(config.SLUG_MISSES_PER_10_MIN, () => clock().getTime()),
  };
  try {
    await bus.serve('transfers', transfersHandlers(deps));
  } catch (error) {
    await relay.stop();
    throw error;
  }
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    const run = sweeping.then(() => sweepExpired(deps));
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
      await sweeping;
      await relay.stop();
    },
  };
}
