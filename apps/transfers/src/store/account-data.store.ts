import type { Knex } from 'knex';

type Row = Record<string, unknown>;

export interface DataExportRecord {
  id: string;
  userId: string;
  status: 'building' | 'ready';
  fileId: string | null;
  tokenHash: string | null;
  expiresAt: Date | null;
}

/** The user's data as the export shows it: what they sent (with files, recipients and downloads), requested and saved. */
export interface UserData {
  transfers: Row[];
  requests: Row[];
  contacts: Row[];
}

/** Secrets stay out of an export: password hashes, link tokens and their hashes. */
function withoutSecrets(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !/hash|token/.test(key)));
}

function groupBy(rows: Row[], key: string): Map<unknown, Row[]> {
  const groups = new Map<unknown, Row[]>();
  for (const row of rows) groups.set(row[key], [...(groups.get(row[key]) ?? []), withoutSecrets(row)]);
  return groups;
}

/** transfers' SQL for exports and for the purge of a deleted account. */
export function createAccountDataStore(db: Knex | Knex.Transaction) {
  return {
    async insertDataExport(record: { id: string; userId: string; now: Date }): Promise<void> {
      await db('data_exports').insert({ id: record.id, user_id: record.userId, status: 'building', requested_at: record.now });
    },

    async findDataExport(id: string): Promise<DataExportRecord | undefined> {
      const row = await db('data_exports').where({ id }).first();
      if (!row) return undefined;
      return { id: row.id, userId: row.user_id, status: row.status, fileId: row.file_id, tokenHash: row.token_hash, expiresAt: row.expires_at };
    },

    /** Ready exports whose link has expired: their ZIPs are deleted by the sweep. */
    async listExpiredDataExports(now: Date, batch: number): Promise<Array<{ id: string; fileId: string }>> {
      const rows: Array<{ id: string; file_id: string }> = await db('data_exports').where({ status: 'ready' }).whereNotNull('file_id').where('expires_at', '<=', now).orderBy('expires_at').limit(batch).select('id', 'file_id');
      return rows.map((row) => ({ id: row.id, fileId: row.file_id }));
    },

    async deleteDataExport(id: string): Promise<void> {
      await db('data_exports').where({ id }).delete();
    },

    async markDataExportReady(id: string, ready: { fileId: string; tokenHash: string; now: Date; expiresAt: Date }): Promise<void> {
      await db('data_exports').where({ id }).update({ status: 'ready', file_id: ready.fileId, token_hash: ready.tokenHash, ready_at: ready.now, expires_at: ready.expiresAt });
    },

    async collectUserData(userId: string): Promise<UserData> {
      const transfers: Row[] = await db('transfers').where({ sender_id: userId }).orWhere({ owner_id: userId }).orderBy('created_at');
      const ids = transfers.map((t) => t['id'] as string);
      const files = groupBy(await db('transfer_files').whereIn('transfer_id', ids).orderBy('position'), 'transfer_id');
      const recipients = groupBy(await db('transfer_recipients').whereIn('transfer_id', ids), 'transfer_id');
      const downloads = groupBy(await db('downloads').whereIn('transfer_id', ids).orderBy('downloaded_at'), 'transfer_id');
      const requests: Row[] = await db('file_requests').where({ requester_id: userId }).orWhere({ owner_id: userId }).orderBy('created_at');
      const requestFiles = groupBy(await db('request_files').whereIn('request_id', requests.map((r) => r['id'] as string)).orderBy('position'), 'request_id');
      const contacts: Row[] = await db('contacts').where({ owner_id: userId }).orderBy('email_lower');
      return {
        transfers: transfers.map((t) => ({
          ...withoutSecrets(t),
          files: files.get(t['id']) ?? [],
          recipients: recipients.get(t['id']) ?? [],
          downloads: downloads.get(t['id']) ?? [],
        })),
        requests: requests.map((r) => ({ ...withoutSecrets(r), files: requestFiles.get(r['id']) ?? [] })),
        contacts: contacts.map(withoutSecrets),
      };
    },

    /**
     * Deletes every transfers row of a deleted user. The team's former members keep what they
     * sent or requested: it becomes theirs first.
     */
    async purgeUserRows(userId: string, memberIds: string[]): Promise<void> {
      if (memberIds.length > 0) {
        await db('transfers').where({ owner_id: userId }).whereIn('sender_id', memberIds).update({ owner_id: db.ref('sender_id') });
        await db('file_requests').where({ owner_id: userId }).whereIn('requester_id', memberIds).update({ owner_id: db.ref('requester_id') });
      }
      await db('transfers').where({ owner_id: userId }).orWhere({ sender_id: userId }).delete();
      await db('transfers').whereRaw('? = any(share_with)', [userId]).update({ share_with: db.raw('array_remove(share_with, ?)', [userId]) });
      await db('file_requests').where({ owner_id: userId }).orWhere({ requester_id: userId }).delete();
      await db('contacts').where({ owner_id: userId }).delete();
      await db('data_exports').where({ user_id: userId }).delete();
    },
  };
}
