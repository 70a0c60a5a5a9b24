import type { Knex } from 'knex';
import type { SessionRevocationRecord, SessionRevocationStore } from '../domain/identity.ports';

interface SessionRevocationRow {
  user_id: string;
  session_id: string | null;
  min_version: number | null;
  created_at: Date;
  expires_at: Date;
}

function toSessionRevocation(row: SessionRevocationRow): SessionRevocationRecord {
  return {
    userId: row.user_id,
    sessionId: row.session_id,
    minVersion: row.min_version,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

export function createSessionRevocationStore(db: Knex | Knex.Transaction): SessionRevocationStore {
  return {
    async insertSessionRevocation(revocation) {
      await db('session_revocations').insert({
        user_id: revocation.userId,
        session_id: revocation.sessionId,
        min_version: revocation.minVersion,
        created_at: revocation.createdAt,
        expires_at: revocation.expiresAt,
      });
    },

    async listSessionRevocations(now) {
      await db('session_revocations').where('expires_at', '<=', now).delete();
      const rows: SessionRevocationRow[] = await db('session_revocations')
        .select('user_id', 'session_id', 'min_version', 'created_at', 'expires_at')
        .where('expires_at', '>', now)
        .orderBy('id');
      return rows.map(toSessionRevocation);
    },
  };
}
