import type { Knex } from 'knex';

/** A row of `transfers` as the domain reads it. */
export interface TransferRow {
  id: string;
  slug: string;
  owner_id: string | null;
  sender_id: string | null;
  sender_email: string | null;
  sender_name: string | null;
  lang: 'en' | 'zh';
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

export interface FileRow {
  id: string;
  transfer_id: string;
  position: number;
  name: string;
  path: string | null;
  size: string | number;
  kind: 'file' | 'voiceMemo' | 'recordedVideo';
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

export type Db = Knex | Knex.Transaction;

export const transfersTable = (db: Db) => db<TransferRow>('transfers');
export const filesTable = (db: Db) => db<FileRow>('transfer_files');
export const recipientsTable = (db: Db) => db<RecipientRow>('transfer_recipients');
export const downloadsTable = (db: Db) => db<DownloadRow>('downloads');

export async function findTransferBySlug(db: Db, slug: string, options: { forUpdate?: boolean } = {}): Promise<TransferRow | undefined> {
  const query = transfersTable(db).where({ slug }).whereNot({ status: 'deleted' }).first();
  return options.forUpdate ? query.forUpdate() : query;
}

export async function findTransferById(db: Db, id: string, options: { forUpdate?: boolean } = {}): Promise<TransferRow | undefined> {
  const query = transfersTable(db).where({ id }).whereNot({ status: 'deleted' }).first();
  return options.forUpdate ? query.forUpdate() : query;
}

export async function filesOf(db: Db, transferIds: string[], options: { completeOnly?: boolean } = {}): Promise<FileRow[]> {
  if (transferIds.length === 0) return [];
  const query = filesTable(db).whereIn('transfer_id', transferIds).orderBy([{ column: 'transfer_id' }, { column: 'position' }]);
  return options.completeOnly ? query.where({ status: 'complete' }) : query;
}

export async function recipientsOf(db: Db, transferIds: string[]): Promise<RecipientRow[]> {
  if (transferIds.length === 0) return [];
  return recipientsTable(db).whereIn('transfer_id', transferIds).orderBy('email');
}

export async function downloadsOf(db: Db, transferIds: string[], limitPerTransfer = 100): Promise<DownloadRow[]> {
  if (transferIds.length === 0) return [];
  const rows = await db.raw<{ rows: DownloadRow[] }>(
    `select * from (
       select d.*, row_number() over (partition by transfer_id order by downloaded_at desc) as n
       from downloads d where transfer_id = any(?)
     ) ranked where n <= ? order by downloaded_at desc`,
    [transferIds, limitPerTransfer],
  );
  return rows.rows;
}

/** Re-derives a transfer's totals from its complete files, and its search document. */
export async function refreshTotals(db: Db, transferId: string, now: Date): Promise<void> {
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
}

export async function upsertContacts(db: Db, ownerId: string, contacts: { email: string; name?: string | null; company?: string | null }[], now: Date): Promise<void> {
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
}
