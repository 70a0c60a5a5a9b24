import type { Knex } from 'knex';
import type { TCodePurpose } from '@ferry/contracts';
import type { EmailCodeRecord, EmailCodeStore } from '../domain/identity.ports';

interface EmailCodeRow {
  email: string;
  purpose: string;
  code_hash: string;
  code_encrypted: string;
  attempts: number;
  issued_at: Date;
  last_sent_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
}

interface EmailCodeFailureRow {
  email: string;
  network: string | null;
  failed_at: Date;
}

function toEmailCode(row: EmailCodeRow): EmailCodeRecord {
  return {
    email: row.email,
    purpose: row.purpose as TCodePurpose,
    codeHash: row.code_hash,
    codeEncrypted: row.code_encrypted,
    attempts: row.attempts,
    issuedAt: row.issued_at,
    lastSentAt: row.last_sent_at,
    expiresAt: row.expires_at,
    consumedAt: row.consumed_at,
  };
}

export function createEmailCodeStore(db: Knex | Knex.Transaction): EmailCodeStore {
  return {
    async lockEmailCode(email, purpose) {
      // An advisory lock also covers the first request, when there is no row to lock yet.
      await db.raw('select pg_advisory_xact_lock(hashtext(?))', [`identity.email-code:${purpose}:${email}`]);
      const row = await db<EmailCodeRow>('email_codes').where({ email, purpose }).first().forUpdate();
      return row ? toEmailCode(row) : undefined;
    },

    async saveEmailCode(code) {
      await db('email_codes')
        .insert({
          email: code.email,
          purpose: code.purpose,
          code_hash: code.codeHash,
          code_encrypted: code.codeEncrypted,
          attempts: code.attempts,
          issued_at: code.issuedAt,
          last_sent_at: code.lastSentAt,
          expires_at: code.expiresAt,
          consumed_at: code.consumedAt,
        })
        .onConflict(['email', 'purpose'])
        .merge();
    },

    async findNthNewestEmailCodeFailure(email, { since, nth, network }) {
      const query = db<EmailCodeFailureRow>('email_code_failures').where({ email }).where('failed_at', '>', since);
      if (network !== undefined) query.where({ network });
      const row = await query.orderBy('failed_at', 'desc').offset(nth - 1).first('failed_at');
      return row?.failed_at;
    },

    async recordEmailCodeFailure(email, network, now) {
      await db('email_code_failures').insert({ email, network, failed_at: now });
    },

    async recordEmailVerification(email, purpose, now, ticketHash) {
      await db('email_verifications').insert({ email, purpose, verified_at: now, ticket_hash: ticketHash });
    },

    async hasEmailVerification(email, purpose, since, ticketHash) {
      const row = await db('email_verifications')
        .where({ email, purpose, ticket_hash: ticketHash })
        .whereNull('consumed_at')
        .where('verified_at', '>', since)
        .first('id');
      return row !== undefined;
    },

    async consumeEmailVerification(email, purpose, since, ticketHash, now) {
      const used = await db('email_verifications')
        .where({ email, purpose, ticket_hash: ticketHash })
        .whereNull('consumed_at')
        .where('verified_at', '>', since)
        .update({ consumed_at: now })
        .returning('id');
      return used.length > 0;
    },
  };
}
