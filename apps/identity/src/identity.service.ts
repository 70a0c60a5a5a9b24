import { createHmac } from 'node:crypto';
import type { Knex } from 'knex';
import { consumersWithFreshClock, createEventSealer, startOutboxRelay, withFreshClock, type Bus } from '@ferry/bus';
import { openServiceClock } from '@ferry/db';
import type { Logger } from '@ferry/service-kit';
import type { IdentityConfig } from './config';
import { deriveIdentityKeys } from './domain/identity-keys';
import type { IdentityDeps } from './domain/identity.deps';
import { onPasswordResetAsked } from './events/on-password-reset-asked.consumer';
import { onSubscriptionChanged } from './events/on-subscription-changed.consumer';
import { identityHandlers } from './handlers/identity.handlers';
import { createIdentityStore } from './store/identity.store';
import { createLoginThrottleStore } from './store/login-throttles.store';
import { sweepStaleRows } from './domain/sweep-stale-rows';
import { startAccountPurgeJob } from './account-purge.job';
import { onAccountDeleted } from './events/on-account-deleted.consumer';
import { accountLifecycleHandlers } from './handlers/account-lifecycle.handlers';
import { createCnameLookup, createTxtLookup, normalizeHost } from './domain/download-host-dns';
import { recheckSendingDomains, resealSendingDomainKeys } from './domain/sending-domain';
import { recheckDownloadHosts } from './domain/download-host';

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
  /** Purges the accounts whose deletion grace period has ended now (it also runs on a timer). */
  purgeDueAccounts(): Promise<number>;
  /** Looks every download host up again now (it also runs on a timer); answers the hosts that broke. */
  recheckDownloadHosts(): Promise<string[]>;
  /** Looks every sending domain's records up again now (it also runs on a timer); answers the domains that broke. */
  recheckSendingDomains(): Promise<string[]>;
  /** Seals again under EVENT_SEAL_KEY the DKIM keys sealed under EVENT_SEAL_KEY_PREVIOUS (it also runs before each re-check); answers how many. */
  resealSendingDomainKeys(): Promise<number>;
  /** Stops relaying events; drain the bus and close the pool after it. */
  stop(): Promise<void>;
}

/** How long a logout, reset or removal waits for its revocation to be on the bus before it answers anyway. */
const REVOCATION_PUBLISH_WAIT_MS = 2_000;
/** How often stale throttles, reset requests, code failures and revocations are deleted. */
const SWEEP_EVERY_MS = 10 * 60_000;

/** Serves every identity RPC on `bus`, consumes identity's own reset requests and relays identity's outbox to the bus. */
export async function startIdentity(options: StartIdentityOptions): Promise<RunningIdentity> {
  const { db, bus, log, config } = options;
  // FERRY_TEST_CLOCK=1 (tests only): deletion grace periods follow the clock POST /api/v1/test-clock moves.
  const serviceClock = await openServiceClock(db, { isTest: config.FERRY_TEST_CLOCK && !options.clock, nodeEnv: config.NODE_ENV });
  const relay = startOutboxRelay({ db, bus, log });
  const cnameTarget = normalizeHost(config.DOWNLOAD_HOST_CNAME_TARGET ?? new URL(config.PUBLIC_URL).hostname);
  const keys = deriveIdentityKeys(config.AUTH_JWT_SECRET);
  const deps: IdentityDeps = {
    store: createIdentityStore(db, { onEventsCommitted: () => relay.kick() }),
    loginThrottles: createLoginThrottleStore(db),
    keys,
    clock: options.clock ?? (() => serviceClock.now()),
    accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    log,
    publishPending: () => relay.flush(REVOCATION_PUBLISH_WAIT_MS),
    downloadHosts: {
      cnameTarget,
      targetOf: (companyId) => `${createHmac('sha256', keys.hostProofKey).update(companyId).digest('hex').slice(0, 16)}.${cnameTarget}`,
      publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
      lookup: createCnameLookup(config.DNS_SERVERS),
    },
    sendingDomains: {
      lookupTxt: createTxtLookup(config.DNS_SERVERS),
      spfInclude: normalizeHost(config.SENDING_DOMAIN_SPF_INCLUDE ?? `_spf.${cnameTarget}`),
      sealer: createEventSealer(config.EVENT_SEAL_KEY, config.EVENT_SEAL_KEY_PREVIOUS ? { previous: config.EVENT_SEAL_KEY_PREVIOUS } : {}),
      currentSealer: createEventSealer(config.EVENT_SEAL_KEY),
    },
  };
  try {
    await bus.serve('identity', withFreshClock([...identityHandlers(deps), ...accountLifecycleHandlers(deps)], serviceClock));
    await bus.consume(consumersWithFreshClock([onPasswordResetAsked(deps, db), onSubscriptionChanged(deps, db), onAccountDeleted(db)], serviceClock));
  } catch (error) {
    serviceClock.close();
    await relay.stop();
    throw error;
  }
  const purgeJob = startAccountPurgeJob(deps, { clock: serviceClock, intervalMs: config.ACCOUNT_PURGE_INTERVAL_MS, log });
  log.info({}, 'identity is serving');
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweeper = setInterval(() => {
    sweeping = sweepStaleRows(deps).catch((error: unknown) => log.warn({ err: error }, 'identity housekeeping failed; next round will retry'));
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  let rechecking: Promise<unknown> = Promise.resolve();
  let isRechecking = false;
  const hostChecker = setInterval(() => {
    // A round still looking hosts up is not overlapped by the next one.
    if (isRechecking) return;
    isRechecking = true;
    rechecking = Promise.all([recheckDownloadHosts(deps), resealSendingDomainKeys(deps).then(() => recheckSendingDomains(deps))])
      .finally(() => {
        isRechecking = false;
      })
      .catch((error: unknown) => log.warn({ err: error }, 'download-host re-check failed; next round will retry'));
  }, config.DOWNLOAD_HOST_CHECK_INTERVAL_MS);
  hostChecker.unref();
  return {
    recheckDownloadHosts: () => recheckDownloadHosts(deps),
    recheckSendingDomains: () => recheckSendingDomains(deps),
    resealSendingDomainKeys: () => resealSendingDomainKeys(deps),
    purgeDueAccounts: () => purgeJob.purgeNow(),
    async stop() {
      await purgeJob.stop();
      serviceClock.close();
      clearInterval(sweeper);
      clearInterval(hostChecker);
      await sweeping;
      await rechecking;
      await relay.stop();
    },
  };
}
