import type { ServiceClock } from '@ferry/db';
import type { Logger } from '@ferry/service-kit';
import { purgeDueAccounts } from './domain/delete-account';
import type { IdentityDeps } from './domain/identity.deps';

export interface AccountPurgeJob {
  /** Purges the accounts due now (it also runs every ACCOUNT_PURGE_INTERVAL_MS). */
  purgeNow(): Promise<number>;
  stop(): Promise<void>;
}

/** Runs the purge of accounts whose deletion grace period has ended, one round at a time. */
export function startAccountPurgeJob(deps: IdentityDeps, options: { clock: ServiceClock; intervalMs: number; log: Logger }): AccountPurgeJob {
  let running: Promise<number> | null = null;
  const purgeNow = () => {
    running ??= options.clock
      .refresh()
      .then(() => purgeDueAccounts(deps))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const intervalMs = options.clock.isTest ? Math.min(options.intervalMs, 1_000) : options.intervalMs;
  const timer = setInterval(() => {
    purgeNow().then(
      (count) => count > 0 && options.log.info({ count }, 'deleted accounts purged'),
      (error: unknown) => options.log.error({ err: error }, 'purging deleted accounts failed; the next round tries again'),
    );
  }, intervalMs);
  timer.unref();
  return {
    purgeNow,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
