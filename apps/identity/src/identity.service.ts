import type { Knex } from 'knex';
import { startOutboxRelay, type Bus } from '@ferry/bus';
import type { Logger } from '@ferry/service-kit';
import type { IdentityConfig } from './config';
import { deriveIdentityKeys } from './domain/identity-keys';
import type { IdentityDeps } from './domain/identity.deps';
import { identityHandlers } from './handlers/identity.handlers';
import { createIdentityStore } from './store/identity.store';

export interface StartIdentityOptions {
  /** A pool on the `identity` schema, migrated with `identityMigrations`. */
  db: Knex;
  bus: Bus;
  log: Logger;
  config: IdentityConfig;
  /** The time; tests pass their own to expire codes and tokens. */
  clock?: () => Date;
}

export interface RunningIdentity {
  /** Stops relaying events; drain the bus and close the pool after it. */
  stop(): Promise<void>;
}

/** Serves every identity RPC on `bus` and relays identity's outbox to it. */
export async function startIdentity(options: StartIdentityOptions): Promise<RunningIdentity> {
  const { db, bus, log, config } = options;
  const relay = startOutboxRelay({ db, bus, log });
  const deps: IdentityDeps = {
    store: createIdentityStore(db, { onEventsCommitted: () => relay.kick() }),
    keys: deriveIdentityKeys(config.AUTH_JWT_SECRET),
    clock: options.clock ?? (() => new Date()),
    accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    log,
  };
  try {
    await bus.serve('identity', identityHandlers(deps));
  } catch (error) {
    await relay.stop();
    throw error;
  }
  log.info({}, 'identity is serving');
  return {
    async stop() {
      await relay.stop();
    },
  };
}
