import type { Knex } from 'knex';
import type { LoginThrottleStore } from '../domain/identity.ports';

interface LoginThrottleRow {
  email: string;
  failures: number;
  last_failure_at: Date;
  blocked_until: Date | null;
}

/** Failed logins per address, in identity's schema so every replica counts the same attempts. */
export function createLoginThrottleStore(db: Knex): LoginThrottleStore {
  return {
    async takeLoginAttempt(email, decide) {
      return db.transaction(async (trx) => {
        // An advisory lock also covers the first attempt, when there is no row to lock yet.
        await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`identity.login:${email}`]);
        const row = await trx<LoginThrottleRow>('login_throttles').where({ email }).first();
        const decided = decide(
          row ? { email: row.email, failures: row.failures, lastFailureAt: row.last_failure_at, blockedUntil: row.blocked_until } : undefined,
        );
        const { next } = decided;
        if (next) {
          await trx('login_throttles')
            .insert({ email, failures: next.failures, last_failure_at: next.lastFailureAt, blocked_until: next.blockedUntil })
            .onConflict('email')
            .merge();
        }
        return decided;
      });
    },

    async clearLoginThrottle(email) {
      await db('login_throttles').where({ email }).delete();
    },
  };
}
