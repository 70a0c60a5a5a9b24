import type { TLang, TRegion } from '@ferry/contracts';
import type { FileRequestRecord, FileRequestStore, RequestFileRecord } from '../domain/transfers.ports';
import type { Db } from './transfer.store';

interface FileRequestRow {
  id: string;
  slug: string;
  requester_id: string;
  owner_id: string;
  requester_email: string;
  requester_name: string | null;
  lang: string;
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

interface RequestFileRow {
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

const fileRequestsTable = (db: Db) => db<FileRequestRow>('file_requests');
const requestFilesTable = (db: Db) => db<RequestFileRow>('request_files');

const toRequest = (row: FileRequestRow): FileRequestRecord => ({
  id: row.id,
  slug: row.slug,
  requesterId: row.requester_id,
  ownerId: row.owner_id,
  requesterEmail: row.requester_email,
  requesterName: row.requester_name,
  // The columns only ever receive values the contracts validated.
  lang: row.lang as TLang,
  region: row.region as TRegion,
  title: row.title,
  message: row.message,
  expiryDate: row.expiry_date,
  status: row.status,
  fileCount: row.file_count,
  totalSize: Number(row.total_size),
  lastUploadAt: row.last_upload_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  purgedAt: row.purged_at,
});

const toRequestFile = (row: RequestFileRow): RequestFileRecord => ({
  id: row.id,
  requestId: row.request_id,
  uploadId: row.upload_id,
  position: row.position,
  name: row.name,
  path: row.path,
  size: Number(row.size),
  contentType: row.content_type,
  uploaderEmail: row.uploader_email,
  uploaderIp: row.uploader_ip,
  status: row.status,
  createdAt: row.created_at,
  uploadedAt: row.uploaded_at,
});

/** File requests. */
function createRequestRowStore(db: Db): Pick<FileRequestStore, 'findRequestBySlug' | 'isRequestSlugTaken' | 'insertRequest' | 'updateRequest' | 'listRequestsOf'> {
  return {
    async findRequestBySlug(slug) {
      const row = await fileRequestsTable(db).where({ slug, status: 'active' }).first();
      return row ? toRequest(row) : undefined;
    },

    async isRequestSlugTaken(slug) {
      return (await fileRequestsTable(db).where({ slug }).first('id')) !== undefined;
    },

    async insertRequest(request) {
      await fileRequestsTable(db).insert({
        id: request.id,
        slug: request.slug,
        requester_id: request.requesterId,
        owner_id: request.ownerId,
        requester_email: request.requesterEmail,
        requester_name: request.requesterName,
        lang: request.lang,
        region: request.region,
        title: request.title,
        message: request.message,
        expiry_date: request.expiryDate,
        status: 'active',
        created_at: request.createdAt,
        updated_at: request.createdAt,
      });
    },

    async updateRequest(id, patch) {
      const columns: Partial<FileRequestRow> = {};
      if (patch.status !== undefined) columns.status = patch.status;
      if (patch.updatedAt !== undefined) columns.updated_at = patch.updatedAt;
      if (patch.purgedAt !== undefined) columns.purged_at = patch.purgedAt;
      await fileRequestsTable(db).where({ id }).update(columns);
    },

    async listRequestsOf(requesterId, page) {
      const mine = () => fileRequestsTable(db).where({ requester_id: requesterId, status: 'active' });
      const [rows, [count]] = await Promise.all([
        mine().orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).offset(page.skip).limit(page.limit),
        mine().count<{ n: string }[]>({ n: '*' }),
      ]);
      return { rows: rows.map(toRequest), total: Number(count?.n ?? 0) };
    },
  };
}

/** The files uploaders sent through requests. */
function createRequestFileStore(
  db: Db,
): Pick<FileRequestStore, 'insertRequestFiles' | 'arrivedFilesOf' | 'batchFilesOf' | 'lockPendingBatchFiles' | 'allRequestFileIds' | 'markBatchArrived'> {
  return {
    async insertRequestFiles(files) {
      if (files.length === 0) return;
      await requestFilesTable(db).insert(
        files.map((f) => ({
          id: f.id,
          request_id: f.requestId,
          upload_id: f.uploadId,
          position: f.position,
          name: f.name,
          path: f.path,
          size: f.size,
          content_type: f.contentType,
          uploader_email: f.uploaderEmail,
          uploader_ip: f.uploaderIp,
          status: f.status,
          created_at: f.createdAt,
          uploaded_at: f.uploadedAt,
        })),
      );
    },

    async arrivedFilesOf(requestId) {
      const rows = await requestFilesTable(db).where({ request_id: requestId, status: 'complete' }).orderBy([{ column: 'uploaded_at' }, { column: 'position' }]);
      return rows.map(toRequestFile);
    },

    async batchFilesOf(requestId, uploadId) {
      return (await requestFilesTable(db).where({ request_id: requestId, upload_id: uploadId }).orderBy('position')).map(toRequestFile);
    },

    async lockPendingBatchFiles(requestId, uploadId) {
      const rows = await requestFilesTable(db).where({ request_id: requestId, upload_id: uploadId, status: 'uploading' }).orderBy('position').forUpdate();
      return rows.map(toRequestFile);
    },

    async allRequestFileIds(requestId) {
      return (await requestFilesTable(db).where({ request_id: requestId }).select('id')).map((r) => r.id);
    },

    async markBatchArrived(requestId, fileIds, now) {
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
    },
  };
}

/** File requests and the files uploaders sent through them. */
export function createFileRequestStore(db: Db): FileRequestStore {
  return { ...createRequestRowStore(db), ...createRequestFileStore(db) };
}
