import type { Knex } from 'knex';
import type { HousekeepingStore } from '../domain/identity.ports';

export function createHousekeepingStore(db: Knex | Knex.Transaction): HousekeepingStore {
  return {
    async deleteStaleRows(cutoffs) {
      const counts = await Promise.all([
        db('session_revocations').where('expires_at', '<=', cutoffs.now).delete(),
        db('login_throttles').where('last_failure_at', '<', cutoffs.throttlesBefore).where((q) => q.whereNull('blocked_until').orWhere('blocked_until', '<', cutoffs.now)).delete(),
        db('password_reset_requests').where('requested_at', '<', cutoffs.resetRequestsBefore).delete(),
        db('email_code_failures').where('failed_at', '<', cutoffs.codeFailuresBefore).delete(),
      ]);
      return counts.reduce((sum, n) => sum + n, 0);
    },
  };
}
