import type { Knex } from 'knex';
import type { ApiTokenRecord, ApiTokenStore } from '../domain/identity.ports';
import { isUuid } from './store-ids';

interface ApiTokenRow {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  hint: string;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

function toApiToken(row: ApiTokenRow): ApiTokenRecord {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    tokenHash: row.token_hash,
    hint: row.hint,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

export function createApiTokenStore(db: Knex | Knex.Transaction): ApiTokenStore {
  return {
    async insertApiToken(token) {
      await db('api_tokens').insert({
        id: token.id,
        user_id: token.userId,
        name: token.name,
        token_hash: token.tokenHash,
        hint: token.hint,
        created_at: token.createdAt,
        expires_at: token.expiresAt,
      });
    },

    async listApiTokens(userId) {
      if (!isUuid(userId)) return [];
      const rows: ApiTokenRow[] = await db('api_tokens').where({ user_id: userId }).whereNull('revoked_at').orderBy('created_at', 'desc');
      return rows.map(toApiToken);
    },

    async countActiveApiTokens(userId, now) {
      const [row] = await db('api_tokens').where({ user_id: userId }).whereNull('revoked_at').where('expires_at', '>', now).count<Array<{ count: string }>>('id as count');
      return Number(row?.count ?? 0);
    },

    async findApiTokenByHash(tokenHash) {
      const row: ApiTokenRow | undefined = await db('api_tokens').where({ token_hash: tokenHash }).first();
      return row ? toApiToken(row) : undefined;
    },

    async revokeApiToken(userId, tokenId, now) {
      if (!isUuid(userId) || !isUuid(tokenId)) return false;
      const changed = await db('api_tokens').where({ id: tokenId, user_id: userId }).whereNull('revoked_at').update({ revoked_at: now });
      return changed > 0;
    },

    async touchApiToken(tokenId, now, unlessAfter) {
      await db('api_tokens')
        .where({ id: tokenId })
        .where((q) => q.whereNull('last_used_at').orWhere('last_used_at', '<=', unlessAfter))
        .update({ last_used_at: now });
    },
  };
}
