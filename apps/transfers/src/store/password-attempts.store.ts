import type { Knex } from 'knex';
import type { Db } from './transfers.store';

export interface PasswordAttemptRow {
  id: string;
  transfer_id: string;
  ip: string;
  attempted_at: Date;
}

const attemptsTable = (db: Db) => db<PasswordAttemptRow>('password_attempts');

/**
 * Runs `fn` holding the transfer's password lock (a transaction-scoped advisory lock), so the
 * tries of one transfer are counted and recorded one at a time across replicas.
 */
export function withPasswordLock<T>(db: Knex, transferId: string, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`transfer-password:${transferId}`]);
    return fn(trx);
  });
}

/** The transfer's tries since `since`, oldest first. */
export async function passwordAttemptsSince(db: Db, transferId: string, since: Date): Promise<PasswordAttemptRow[]> {
  return attemptsTable(db).where({ transfer_id: transferId }).where('attempted_at', '>', since).orderBy('attempted_at');
}

export async function insertPasswordAttempt(db: Db, row: PasswordAttemptRow): Promise<void> {
  await attemptsTable(db).insert(row);
}

/** A try that turned out right is not a failure. */
export async function deletePasswordAttempt(db: Db, id: string): Promise<void> {
  await attemptsTable(db).where({ id }).delete();
}

/** Tries older than every window; the sweep drops them. */
export async function deletePasswordAttemptsBefore(db: Db, cutoff: Date): Promise<number> {
  return attemptsTable(db).where('attempted_at', '<', cutoff).delete();
}
