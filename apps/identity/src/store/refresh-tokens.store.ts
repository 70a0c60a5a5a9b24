import type { Knex } from 'knex';
import type { RefreshTokenRecord, RefreshTokenStore } from '../domain/identity.ports';
import { isUuid } from './store-ids';

interface RefreshTokenRow {
  id: string;
  user_id: string;
  family_id: string;
  parent_id: string | null;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

function toRefreshToken(row: RefreshTokenRow): RefreshTokenRecord {
  return {
    id: row.id,
    userId: row.user_id,
    familyId: row.family_id,
    parentId: row.parent_id,
    tokenHash: row.token_hash,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    rotatedAt: row.rotated_at,
    revokedAt: row.revoked_at,
    ip: row.ip,
    userAgent: row.user_agent,
  };
}

export function createRefreshTokenStore(db: Knex | Knex.Transaction): RefreshTokenStore {
  return {
    async insertRefreshToken(token) {
      await db('refresh_tokens').insert({
        id: token.id,
        user_id: token.userId,
        family_id: token.familyId,
        parent_id: token.parentId,
        token_hash: token.tokenHash,
        created_at: token.createdAt,
        expires_at: token.expiresAt,
        rotated_at: token.rotatedAt,
        revoked_at: token.revokedAt,
        ip: token.ip,
        user_agent: token.userAgent,
      });
    },

    async lockRefreshToken(id) {
      if (!isUuid(id)) return undefined;
      const row = await db<RefreshTokenRow>('refresh_tokens').where({ id }).first().forUpdate();
      return row ? toRefreshToken(row) : undefined;
    },

    async findRefreshTokenChildren(parentId) {
      const rows = await db<RefreshTokenRow>('refresh_tokens').where({ parent_id: parentId }).forUpdate();
      return rows.map(toRefreshToken);
    },

    async markRefreshTokenRotated(id, now) {
      await db('refresh_tokens').where({ id }).update({ rotated_at: now });
    },

    async revokeRefreshTokenFamily(familyId, now) {
      await db('refresh_tokens').where({ family_id: familyId }).whereNull('revoked_at').update({ revoked_at: now });
    },

    async revokeUserRefreshTokens(userId, now) {
      await db('refresh_tokens').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: now });
    },

    async deleteUserRefreshTokens(userId) {
      await db('refresh_tokens').where({ user_id: userId }).delete();
    },
  };
}
