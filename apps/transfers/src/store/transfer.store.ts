import type { Knex } from 'knex';
import type { TLang, TRegion } from '@ferry/contracts';
import type { TransferPatch, TransferRecord, TransferStore } from '../domain/transfers.ports';

/** A row of `transfers` as Postgres answers it (bigints as strings). */
export interface TransferRow {
  id: string;
  slug: string;
  owner_id: string | null;
  sender_id: string | null;
  sender_email: string | null;
  sender_name: string | null;
  lang: string;
  send_as: 'link' | 'email';
  message: string | null;
  region: string;
  status: 'uploading' | 'live' | 'deleted';
  restricted: boolean;
  password_hash: string | null;
  expiry_seconds: string | number;
  expiry_date: Date;
  created_at: Date;
  date_sent: Date | null;
  updated_at: Date;
  total_size: string | number;
  file_count: number;
  first_file_name: string;
  download_count: number;
  share_with: string[];
  forwarded_from: string | null;
  extension_token_hash: string | null;
  extension_offered_at: Date | null;
  extended_at: Date | null;
  purged_at: Date | null;
}

export type Db = Knex | Knex.Transaction;

export const transfersTable = (db: Db) => db<TransferRow>('transfers');

export function toTransfer(row: TransferRow): TransferRecord {
  return {
    id: row.id,
    slug: row.slug,
    ownerId: row.owner_id,
    senderId: row.sender_id,
    senderEmail: row.sender_email,
    senderName: row.sender_name,
    // The columns only ever receive values the contracts validated.
    lang: row.lang as TLang,
    sendAs: row.send_as,
    message: row.message,
    region: row.region as TRegion,
    status: row.status,
    restricted: row.restricted,
    passwordHash: row.password_hash,
    expirySeconds: Number(row.expiry_seconds),
    expiryDate: row.expiry_date,
    createdAt: row.created_at,
    dateSent: row.date_sent,
    updatedAt: row.updated_at,
    totalSize: Number(row.total_size),
    fileCount: row.file_count,
    firstFileName: row.first_file_name,
    downloadCount: row.download_count,
    shareWith: row.share_with,
    forwardedFrom: row.forwarded_from,
    extensionTokenHash: row.extension_token_hash,
    extensionOfferedAt: row.extension_offered_at,
    extendedAt: row.extended_at,
    purgedAt: row.purged_at,
  };
}

const toTransfers = (rows: TransferRow[]) => rows.map(toTransfer);
const toMaybeTransfer = (row: TransferRow | undefined) => (row ? toTransfer(row) : undefined);

function patchColumns(patch: TransferPatch): Partial<TransferRow> {
  const columns: Partial<TransferRow> = {};
  if (patch.status !== undefined) columns.status = patch.status;
  if (patch.restricted !== undefined) columns.restricted = patch.restricted;
  if (patch.shareWith !== undefined) columns.share_with = patch.shareWith;
  if (patch.dateSent !== undefined) columns.date_sent = patch.dateSent;
  if (patch.expiryDate !== undefined) columns.expiry_date = patch.expiryDate;
  if (patch.updatedAt !== undefined) columns.updated_at = patch.updatedAt;
  if (patch.extensionTokenHash !== undefined) columns.extension_token_hash = patch.extensionTokenHash;
  if (patch.extensionOfferedAt !== undefined) columns.extension_offered_at = patch.extensionOfferedAt;
  if (patch.extendedAt !== undefined) columns.extended_at = patch.extendedAt;
  if (patch.purgedAt !== undefined) columns.purged_at = patch.purgedAt;
  return columns;
}

/** The `transfers` table: a transfer's own row. */
export function createTransferRowStore(
  db: Db,
): Pick<TransferStore, 'findTransferBySlug' | 'findTransferById' | 'isTransferSlugTaken' | 'insertTransfer' | 'updateTransfer' | 'refreshTotals' | 'countTransfersSentSince'> {
  return {
    async findTransferBySlug(slug, options = {}) {
      const query = transfersTable(db).where({ slug }).whereNot({ status: 'deleted' }).first();
      return toMaybeTransfer(await (options.forUpdate ? query.forUpdate() : query));
    },

    async findTransferById(id, options = {}) {
      const query = transfersTable(db).where({ id }).whereNot({ status: 'deleted' }).first();
      return toMaybeTransfer(await (options.forUpdate ? query.forUpdate() : query));
    },

    async isTransferSlugTaken(slug) {
      return (await transfersTable(db).where({ slug }).first('id')) !== undefined;
    },

    async insertTransfer(transfer) {
      const [row] = await transfersTable(db)
        .insert({
          id: transfer.id,
          slug: transfer.slug,
          owner_id: transfer.ownerId,
          sender_id: transfer.senderId,
          sender_email: transfer.senderEmail,
          sender_name: transfer.senderName,
          lang: transfer.lang,
          send_as: transfer.sendAs,
          message: transfer.message,
          region: transfer.region,
          status: 'uploading',
          restricted: false,
          password_hash: transfer.passwordHash,
          expiry_seconds: transfer.expirySeconds,
          expiry_date: transfer.expiryDate,
          created_at: transfer.now,
          updated_at: transfer.now,
          share_with: transfer.shareWith,
          forwarded_from: transfer.forwardedFrom,
        })
        .returning('*');
      if (!row) throw new Error('insert into transfers returned no row');
      return toTransfer(row);
    },

    async updateTransfer(id, patch) {
      await transfersTable(db).where({ id }).update(patchColumns(patch));
    },

    async refreshTotals(transferId, now) {
      await db.raw(
        `update transfers t set
           total_size = coalesce(f.total, 0), file_count = coalesce(f.n, 0), first_file_name = coalesce(f.first_name, ''), updated_at = ?,
           search_text = lower(concat_ws(E'\\n', t.slug, t.message, f.names,
             (select string_agg(email, E'\\n') from transfer_recipients r where r.transfer_id = t.id)))
         from (
           select sum(size) as total, count(*) as n, (array_agg(name order by position))[1] as first_name, string_agg(name, E'\\n') as names
           from transfer_files where transfer_id = ? and status = 'complete'
         ) f
         where t.id = ?`,
        [now, transferId, transferId],
      );
    },

    async countTransfersSentSince(senderId, since) {
      const [row] = await transfersTable(db).where({ sender_id: senderId }).where('date_sent', '>=', since).count<{ n: string }[]>({ n: '*' });
      return Number(row?.n ?? 0);
    },
  };
}

/** The rows the expiry sweep and the extension links look for. */
export function createExpiryStore(db: Db): Pick<TransferStore, 'lockTransferByExtensionToken' | 'listExpiredUnoffered' | 'lockUnofferedTransfer' | 'listPurgeDue'> {
  return {
    async lockTransferByExtensionToken(tokenHash) {
      return toMaybeTransfer(await transfersTable(db).where({ extension_token_hash: tokenHash, status: 'live' }).whereNull('purged_at').forUpdate().first());
    },

    async listExpiredUnoffered(now, limit) {
      return toTransfers(
        await transfersTable(db).where({ status: 'live' }).where('expiry_date', '<', now).whereNull('extension_offered_at').whereNull('purged_at').limit(limit),
      );
    },

    async lockUnofferedTransfer(id) {
      return toMaybeTransfer(await transfersTable(db).where({ id }).whereNull('extension_offered_at').forUpdate().first());
    },

    async listPurgeDue(expiredBefore, limit) {
      return toTransfers(
        await transfersTable(db)
          .whereNull('purged_at')
          .where((w) => w.where({ status: 'deleted' }).orWhere((x) => x.where({ status: 'live' }).where('expiry_date', '<', expiredBefore)))
          .limit(limit),
      );
    },
  };
}
