import type { Knex } from 'knex';
import type { TDownloadHostProblem } from '@ferry/contracts';
import type { DownloadHostRecord, DownloadHostStore } from '../domain/identity.ports';

interface DownloadHostRow {
  company_id: string;
  host: string;
  status: 'pending' | 'verified';
  problem: TDownloadHostProblem | null;
  found: string | null;
  checked_at: Date | null;
  verified_at: Date | null;
}

const toRecord = (row: DownloadHostRow): DownloadHostRecord => ({
  companyId: row.company_id,
  host: row.host,
  status: row.status,
  problem: row.problem,
  found: row.found,
  checkedAt: row.checked_at,
  verifiedAt: row.verified_at,
});

export function createDownloadHostStore(db: Knex | Knex.Transaction): DownloadHostStore {
  return {
    async findDownloadHost(companyId, options = {}) {
      const query = db('download_hosts').where({ company_id: companyId }).first();
      const row: DownloadHostRow | undefined = await (options.forUpdate ? query.forUpdate() : query);
      return row ? toRecord(row) : null;
    },

    async findDownloadHostByName(host) {
      const row: DownloadHostRow | undefined = await db('download_hosts').where({ host, status: 'verified' }).first();
      return row ? toRecord(row) : null;
    },

    async saveDownloadHost(record, now) {
      const row = {
        company_id: record.companyId,
        host: record.host,
        status: record.status,
        problem: record.problem,
        found: record.found,
        checked_at: record.checkedAt,
        verified_at: record.verifiedAt,
        created_at: now,
      };
      // The host is unique: another company's row with it makes the insert do nothing.
      const saved = await db('download_hosts')
        .insert(row)
        .onConflict('company_id')
        .merge(['host', 'status', 'problem', 'found', 'checked_at', 'verified_at'])
        .returning('company_id')
        .catch((error: unknown) => {
          if ((error as { code?: string }).code === '23505') return [];
          throw error;
        });
      return saved.length > 0;
    },

    async deleteDownloadHost(companyId) {
      await db('download_hosts').where({ company_id: companyId }).delete();
    },

    async listDownloadHosts() {
      const rows: DownloadHostRow[] = await db('download_hosts').orderBy('company_id');
      return rows.map(toRecord);
    },
  };
}
