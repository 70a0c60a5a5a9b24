import type { Knex } from 'knex';
import type { PasswordAttemptRecord, PasswordAttemptStore } from '../domain/transfers.ports';
import type { Db } from './transfer.store';

interface PasswordAttemptRow {
  id: string;
  transfer_id: string;
  ip: string;
  attempted_at: Date;
}

const attemptsTable = (db: Db) => db<PasswordAttemptRow>('password_attempts');

const toAttempt = (row: PasswordAttemptRow): PasswordAttemptRecord => ({ id: row.id, transferId: row.transfer_id, ip: row.ip, attemptedAt: row.attempted_at });

/** Tries of transfer passwords, shared by every replica. */
export function createPasswordAttemptStore(db: Knex): PasswordAttemptStore {
  return {
    // A transaction-scoped advisory lock: the tries of one transfer are counted and recorded one at a time across replicas.
    withPasswordLock(transferId, work) {
      return db.transaction(async (trx) => {
        await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`transfer-password:${transferId}`]);
        return work({
          async attemptsSince(since) {
            const rows = await attemptsTable(trx).where({ transfer_id: transferId }).where('attempted_at', '>', since).orderBy('attempted_at');
            return rows.map(toAttempt);
          },
          async insertAttempt(attempt) {
            await attemptsTable(trx).insert({ id: attempt.id, transfer_id: attempt.transferId, ip: attempt.ip, attempted_at: attempt.attemptedAt });
          },
        });
      });
    },

    async deleteAttempt(id) {
      await attemptsTable(db).where({ id }).delete();
    },

    async deleteAttemptsBefore(cutoff) {
      return attemptsTable(db).where('attempted_at', '<', cutoff).delete();
    },
  };
}
