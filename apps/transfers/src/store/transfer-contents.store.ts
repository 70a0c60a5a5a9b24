import type { DownloadRecord, RecipientRecord, TFileKind, TransferFileRecord, TransferStore } from '../domain/transfers.ports';
import { transfersTable, type Db } from './transfer.store';

interface FileRow {
  id: string;
  transfer_id: string;
  position: number;
  name: string;
  path: string | null;
  size: string | number;
  kind: TFileKind;
  content_type: string | null;
  status: 'uploading' | 'complete';
  created_at: Date;
}

export interface RecipientRow {
  id: string;
  transfer_id: string;
  email: string;
  name: string | null;
  company: string | null;
  token: string;
}

export interface DownloadRow {
  id: string;
  transfer_id: string;
  file_id: string | null;
  file_name: string;
  all_files: boolean;
  recipient_id: string | null;
  receiver_email: string | null;
  ip: string | null;
  country_code: string;
  country: string;
  city: string;
  downloaded_at: Date;
}

const filesTable = (db: Db) => db<FileRow>('transfer_files');
const recipientsTable = (db: Db) => db<RecipientRow>('transfer_recipients');
const downloadsTable = (db: Db) => db<DownloadRow>('downloads');

const toFile = (row: FileRow): TransferFileRecord => ({
  id: row.id,
  transferId: row.transfer_id,
  position: row.position,
  name: row.name,
  path: row.path,
  size: Number(row.size),
  kind: row.kind,
  contentType: row.content_type,
  status: row.status,
  createdAt: row.created_at,
});

export const toRecipient = (row: RecipientRow): RecipientRecord => ({
  id: row.id,
  transferId: row.transfer_id,
  email: row.email,
  name: row.name,
  company: row.company,
  token: row.token,
});

export const toDownload = (row: DownloadRow): DownloadRecord => ({
  id: row.id,
  transferId: row.transfer_id,
  fileId: row.file_id,
  fileName: row.file_name,
  allFiles: row.all_files,
  recipientId: row.recipient_id,
  receiverEmail: row.receiver_email,
  ip: row.ip,
  countryCode: row.country_code,
  country: row.country,
  city: row.city,
  downloadedAt: row.downloaded_at,
});

/** What a transfer holds: its files and its recipients. */
export function createTransferContentsStore(db: Db): Pick<TransferStore, 'insertFiles' | 'markFilesComplete' | 'filesOf' | 'insertRecipients' | 'recipientsOf' | 'findRecipient'> {
  return {
    async insertFiles(files) {
      if (files.length === 0) return;
      await filesTable(db).insert(
        files.map((f) => ({
          id: f.id,
          transfer_id: f.transferId,
          position: f.position,
          name: f.name,
          path: f.path,
          size: f.size,
          kind: f.kind,
          content_type: f.contentType,
          status: f.status,
          created_at: f.createdAt,
        })),
      );
    },

    async markFilesComplete(fileIds) {
      await filesTable(db).whereIn('id', fileIds).update({ status: 'complete' });
    },

    async filesOf(transferIds, options = {}) {
      if (transferIds.length === 0) return [];
      const query = filesTable(db).whereIn('transfer_id', transferIds).orderBy([{ column: 'transfer_id' }, { column: 'position' }]);
      return (await (options.completeOnly ? query.where({ status: 'complete' }) : query)).map(toFile);
    },

    async insertRecipients(recipients) {
      if (recipients.length === 0) return;
      await recipientsTable(db).insert(
        recipients.map((r) => ({ id: r.id, transfer_id: r.transferId, email: r.email, name: r.name, company: r.company, token: r.token })),
      );
    },

    async recipientsOf(transferIds) {
      if (transferIds.length === 0) return [];
      return (await recipientsTable(db).whereIn('transfer_id', transferIds).orderBy('email')).map(toRecipient);
    },

    async findRecipient(transferId, token) {
      const row = await recipientsTable(db).where({ transfer_id: transferId, token }).first();
      return row ? toRecipient(row) : undefined;
    },
  };
}

/** What happened to a transfer: its downloads, and the sender's contacts its recipients feed. */
export function createTransferHistoryStore(db: Db): Pick<TransferStore, 'downloadsOf' | 'recordDownload' | 'upsertContacts'> {
  return {
    async downloadsOf(transferIds, limitPerTransfer) {
      if (transferIds.length === 0) return [];
      const { rows } = await db.raw<{ rows: DownloadRow[] }>(
        `select * from (
           select d.*, row_number() over (partition by transfer_id order by downloaded_at desc) as n
           from downloads d where transfer_id = any(?)
         ) ranked where n <= ? order by downloaded_at desc`,
        [transferIds, limitPerTransfer],
      );
      return rows.map(toDownload);
    },

    async recordDownload(download) {
      await downloadsTable(db).insert({
        id: download.id,
        transfer_id: download.transferId,
        file_id: download.fileId,
        file_name: download.fileName,
        all_files: download.allFiles,
        recipient_id: download.recipientId,
        receiver_email: download.receiverEmail,
        ip: download.ip,
        country_code: download.countryCode,
        country: download.country,
        city: download.city,
        downloaded_at: download.downloadedAt,
      });
      await transfersTable(db).where({ id: download.transferId }).increment('download_count', 1);
    },

    async upsertContacts(ownerId, contacts, now) {
      if (contacts.length === 0) return;
      await db('contacts')
        .insert(
          contacts.map((c) => ({
            owner_id: ownerId,
            email_lower: c.email.toLowerCase(),
            email: c.email,
            name: c.name ?? null,
            company: c.company ?? null,
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflict(['owner_id', 'email_lower'])
        .merge({
          // A name or company given now fills in; an empty one never erases what is known.
          name: db.raw('coalesce(excluded.name, contacts.name)'),
          company: db.raw('coalesce(excluded.company, contacts.company)'),
          updated_at: now,
        });
    },
  };
}
