import type { Knex } from 'knex';
import type { AccountLifecycleStore } from '../domain/account-lifecycle.ports';
import { emailTakenError } from '../domain/identity.errors';
import { isUuid } from './store-ids';

/** Tables keyed by the user's email rather than id (codes, throttles, reset requests). */
const TABLES_BY_EMAIL = ['email_codes', 'email_code_failures', 'email_verifications', 'login_throttles', 'password_reset_requests'];

export function createAccountLifecycleStore(db: Knex | Knex.Transaction): AccountLifecycleStore {
  return {
    async scheduleAccountDeletion(userId, { requestedAt, dueAt }) {
      await db('users').where({ id: userId }).update({ deletion_requested_at: requestedAt, deletion_due_at: dueAt, updated_at: requestedAt });
    },

    async cancelAccountDeletion(userId, now) {
      const rows = await db('users')
        .where({ id: userId })
        .whereNotNull('deletion_due_at')
        .update({ deletion_requested_at: null, deletion_due_at: null, updated_at: now })
        .returning('id');
      return rows.length > 0;
    },

    async findAccountDeletionDue(userId) {
      if (!isUuid(userId)) return null;
      const row = await db('users').where({ id: userId }).first<{ deletion_due_at: Date | null } | undefined>('deletion_due_at');
      return row?.deletion_due_at ?? null;
    },

    async findDueAccountDeletions(now, limit) {
      const rows: Array<{ id: string }> = await db('users').where('deletion_due_at', '<=', now).orderBy('deletion_due_at').limit(limit).select('id');
      return rows.map((row) => row.id);
    },

    async saveEmailChangeRequest(userId, newEmail, now) {
      await db('email_change_requests').insert({ user_id: userId, new_email: newEmail, requested_at: now }).onConflict('user_id').merge();
    },

    async findEmailChangeRequest(userId) {
      if (!isUuid(userId)) return undefined;
      const row = await db('email_change_requests').where({ user_id: userId }).first<{ new_email: string; requested_at: Date } | undefined>();
      return row ? { newEmail: row.new_email, requestedAt: row.requested_at } : undefined;
    },

    async changeUserEmail(userId, newEmail, now) {
      try {
        await db('users').where({ id: userId }).update({ email: newEmail, updated_at: now });
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw emailTakenError();
        throw error;
      }
      await db('email_change_requests').where({ user_id: userId }).delete();
    },

    async listOpenSessionIds(userId, now) {
      const rows: Array<{ family_id: string }> = await db('refresh_tokens')
        .where({ user_id: userId })
        .whereNull('revoked_at')
        .where('expires_at', '>', now)
        .distinct('family_id');
      return rows.map((row) => row.family_id);
    },

    async detachTeamMembers(adminId, now) {
      const rows: Array<{ id: string }> = await db('users')
        .where({ parent_admin_id: adminId })
        .update({ parent_admin_id: null, is_team_member: false, role: 'Free', status: 'active', updated_at: now })
        .returning('id');
      return rows.map((row) => row.id);
    },

    async deleteAccountRows(user) {
      for (const table of TABLES_BY_EMAIL) await db(table).where({ email: user.email }).delete();
      await db('session_revocations').where({ user_id: user.id }).delete();
      await db('feedback').where({ user_id: user.id }).orWhere({ email: user.email }).delete();
      await db('team_invites').where({ email: user.email }).delete();
      await db('users').where({ id: user.id }).delete();
    },
  };
}
