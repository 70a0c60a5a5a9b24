import type { Knex } from 'knex';
import type { SendingDomainRecord, SendingDomainStore } from '../domain/identity.ports';

interface SendingDomainRow {
  company_id: string;
  domain: string;
  selector: string;
  private_key_sealed: string;
  public_key: string;
  status: 'pending' | 'verified';
  problems: SendingDomainRecord['problems'];
  found: SendingDomainRecord['found'];
  checked_at: Date | null;
  verified_at: Date | null;
}

const toRecord = (row: SendingDomainRow): SendingDomainRecord => ({
  companyId: row.company_id,
  domain: row.domain,
  selector: row.selector,
  privateKeySealed: row.private_key_sealed,
  publicKey: row.public_key,
  status: row.status,
  problems: row.problems,
  found: row.found,
  checkedAt: row.checked_at,
  verifiedAt: row.verified_at,
});

export function createSendingDomainStore(db: Knex | Knex.Transaction): SendingDomainStore {
  return {
    async findSendingDomain(companyId, options = {}) {
      const query = db('sending_domains').where({ company_id: companyId }).first();
      const row: SendingDomainRow | undefined = await (options.forUpdate ? query.forUpdate() : query);
      return row ? toRecord(row) : null;
    },

    async saveSendingDomain(record, now) {
      const row = {
        company_id: record.companyId,
        domain: record.domain,
        selector: record.selector,
        private_key_sealed: record.privateKeySealed,
        public_key: record.publicKey,
        status: record.status,
        problems: record.problems,
        found: record.found,
        checked_at: record.checkedAt,
        verified_at: record.verifiedAt,
        created_at: now,
      };
      const saved = await db('sending_domains')
        .insert(row)
        .onConflict('company_id')
        .merge(['domain', 'selector', 'private_key_sealed', 'public_key', 'status', 'problems', 'found', 'checked_at', 'verified_at'])
        .returning('company_id')
        .catch((error: unknown) => {
          if ((error as { code?: string }).code === '23505') return [];
          throw error;
        });
      return saved.length > 0;
    },

    async deleteSendingDomain(companyId) {
      await db('sending_domains').where({ company_id: companyId }).delete();
    },

    async listSendingDomains() {
      const rows: SendingDomainRow[] = await db('sending_domains').orderBy('company_id');
      return rows.map(toRecord);
    },
  };
}
