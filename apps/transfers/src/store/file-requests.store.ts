import type { Db } from './transfers.store';

/** A row of `file_requests` as the domain reads it. */
export interface FileRequestRow {
  id: string;
  slug: string;
  requester_id: string;
  owner_id: string;
  requester_email: string;
  requester_name: string | null;
  lang: 'en' | 'zh';
  region: string;
  title: string;
  message: string | null;
  expiry_date: Date | null;
  status: 'active' | 'deleted';
  file_count: number;
  total_size: string | number;
  last_upload_at: Date | null;
  created_at: Date;
  updated_at: Date;
  purged_at: Date | null;
}

export interface RequestFileRow {
  id: string;
  request_id: string;
  upload_id: string;
  position: number;
  name: string;
  path: string | null;
  size: string | number;
  content_type: string | null;
  uploader_email: string | null;
  uploader_ip: string | null;
  status: 'uploading' | 'complete';
  created_at: Date;
  uploaded_at: Date | null;
}

export const fileRequestsTable = (db: Db) => db<FileRequestRow>('file_requests');
export const requestFilesTable = (db: Db) => db<RequestFileRow>('request_files');

export async function findRequestBySlug(db: Db, slug: string, options: { forUpdate?: boolean } = {}): Promise<FileRequestRow | undefined> {
  const query = fileRequestsTable(db).where({ slug, status: 'active' }).first();
  return options.forUpdate ? query.forUpdate() : query;
}

export async function isRequestSlugTaken(db: Db, slug: string): Promise<boolean> {
  return (await fileRequestsTable(db).where({ slug }).first('id')) !== undefined;
}

/** A requester's active requests, newest first, with how many there are. */
export async function listRequestsOf(db: Db, requesterId: string, page: { skip: number; limit: number }): Promise<{ rows: FileRequestRow[]; total: number }> {
  const mine = () => fileRequestsTable(db).where({ requester_id: requesterId, status: 'active' });
  const [rows, [count]] = await Promise.all([
    mine().orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).offset(page.skip).limit(page.limit),
    mine().count<{ n: string }[]>({ n: '*' }),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The files that arrived, in the order they were uploaded. */
export async function arrivedFilesOf(db: Db, requestId: string): Promise<RequestFileRow[]> {
  return requestFilesTable(db).where({ request_id: requestId, status: 'complete' }).orderBy([{ column: 'uploaded_at' }, { column: 'position' }]);
}

export async function batchFilesOf(db: Db, requestId: string, uploadId: string): Promise<RequestFileRow[]> {
  return requestFilesTable(db).where({ request_id: requestId, upload_id: uploadId }).orderBy('position');
}

export async function allRequestFileIds(db: Db, requestId: string): Promise<string[]> {
  return (await requestFilesTable(db).where({ request_id: requestId }).select('id')).map((r) => r.id);
}

/** Marks a batch's files arrived and re-derives the request's totals from every arrived file. */
export async function markBatchArrived(db: Db, requestId: string, fileIds: string[], now: Date): Promise<void> {
  await requestFilesTable(db).whereIn('id', fileIds).update({ status: 'complete', uploaded_at: now });
  await db.raw(
    `update file_requests r set
       file_count = coalesce(f.n, 0), total_size = coalesce(f.total, 0), last_upload_at = f.last_at, updated_at = ?
     from (
       select count(*) as n, sum(size) as total, max(uploaded_at) as last_at
       from request_files where request_id = ? and status = 'complete'
     ) f
     where r.id = ?`,
    [now, requestId, requestId],
  );
}
