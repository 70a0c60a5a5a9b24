import type { Knex } from 'knex';
import type { PasswordResetRecord, PasswordResetStore } from '../domain/identity.ports';

interface PasswordResetRow {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

interface PasswordResetRequestRow {
  email: string;
  requested_at: Date;
}

function toPasswordReset(row: PasswordResetRow): PasswordResetRecord {
  return {
    id: row.id,
    userId: row.user_id,
    tokenHash: row.token_hash,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
  };
}

export function createPasswordResetStore(db: Knex | Knex.Transaction): PasswordResetStore {
  return {
    async insertPasswordReset(reset) {
      await db('password_resets').insert({
        id: reset.id,
        user_id: reset.userId,
        token_hash: reset.tokenHash,
        created_at: reset.createdAt,
        expires_at: reset.expiresAt,
        used_at: reset.usedAt,
      });
    },

    async findPasswordReset(tokenHash, options = {}) {
      const query = db<PasswordResetRow>('password_resets').where({ token_hash: tokenHash }).first();
      const row = await (options.forUpdate ? query.forUpdate() : query);
      return row ? toPasswordReset(row) : undefined;
    },

    async usePasswordResets(userId, now) {
      await db('password_resets').where({ user_id: userId }).whereNull('used_at').update({ used_at: now });
    },

    async lockPasswordResetRequests(email) {
      await db.raw('select pg_advisory_xact_lock(hashtext(?))', [`identity.password-reset-request:${email}`]);
    },

    async findNthNewestPasswordResetRequest(email, { since, nth }) {
      const row = await db<PasswordResetRequestRow>('password_reset_requests')
        .where({ email })
        .where('requested_at', '>', since)
        .orderBy('requested_at', 'desc')
        .offset(nth - 1)
        .first('requested_at');
      return row?.requested_at;
    },

    async insertPasswordResetRequest(email, now) {
      await db('password_reset_requests').insert({ email, requested_at: now });
    },
  };
}
