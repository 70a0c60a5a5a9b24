import type { Knex } from 'knex';
import type { TGrantType, TRegion } from '@ferry/contracts';

export type TObjectStatus = 'uploading' | 'complete' | 'aborted' | 'deleted';

export interface ObjectRow {
  fileId: string;
  grantType: TGrantType;
  usageOwnerId: string | null;
  uploaderId: string | null;
  slug: string | null;
  uploadPath: string | null;
  region: TRegion;
  bucket: string;
  key: string;
  name: string;
  contentType: string;
  declaredSize: number;
  uploadId: string | null;
  status: TObjectStatus;
  size: number | null;
  etag: string | null;
  sha256: string | null;
  copiedFrom: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

interface DbRow {
  file_id: string;
  grant_type: TGrantType;
  usage_owner_id: string | null;
  uploader_id: string | null;
  slug: string | null;
  upload_path: string | null;
  region: TRegion;
  bucket: string;
  key: string;
  name: string;
  content_type: string;
  declared_size: string | number;
  upload_id: string | null;
  status: TObjectStatus;
  size: string | number | null;
  etag: string | null;
  sha256: string | null;
  copied_from: string | null;
  created_at: Date;
  completed_at: Date | null;
}

function fromDb(row: DbRow): ObjectRow {
  return {
    fileId: row.file_id,
    grantType: row.grant_type,
    usageOwnerId: row.usage_owner_id,
    uploaderId: row.uploader_id,
    slug: row.slug,
    uploadPath: row.upload_path,
    region: row.region,
    bucket: row.bucket,
    key: row.key,
    name: row.name,
    contentType: row.content_type,
    declaredSize: Number(row.declared_size),
    uploadId: row.upload_id,
    status: row.status,
    size: row.size === null ? null : Number(row.size),
    etag: row.etag,
    sha256: row.sha256,
    copiedFrom: row.copied_from,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}

export interface NewObject {
  fileId: string;
  grantType: TGrantType;
  usageOwnerId: string | null;
  uploaderId: string | null;
  slug: string | null;
  uploadPath: string | null;
  region: TRegion;
  bucket: string;
  key: string;
  name: string;
  contentType: string;
  declaredSize: number;
  uploadId: string | null;
  status: TObjectStatus;
  size?: number | null;
  etag?: string | null;
  sha256?: string | null;
  copiedFrom?: string | null;
  createdAt: Date;
  completedAt?: Date | null;
}

function toDb(r: NewObject): DbRow {
  return {
    file_id: r.fileId,
    grant_type: r.grantType,
    usage_owner_id: r.usageOwnerId,
    uploader_id: r.uploaderId,
    slug: r.slug,
    upload_path: r.uploadPath,
    region: r.region,
    bucket: r.bucket,
    key: r.key,
    name: r.name,
    content_type: r.contentType,
    declared_size: r.declaredSize,
    upload_id: r.uploadId,
    status: r.status,
    size: r.size ?? null,
    etag: r.etag ?? null,
    sha256: r.sha256 ?? null,
    copied_from: r.copiedFrom ?? null,
    created_at: r.createdAt,
    completed_at: r.completedAt ?? null,
  };
}

export interface ZipGrantRow {
  id: string;
  name: string;
  entries: { fileId: string; path: string }[];
  expiresAt: Date;
}

function objectRows(db: Knex) {
  return {
    async insertObjects(rows: NewObject[]): Promise<void> {
      if (rows.length === 0) return;
      await db('objects').insert(rows.map(toDb));
    },

    async findObject(fileId: string): Promise<ObjectRow | null> {
      const row = await db<DbRow>('objects').where({ file_id: fileId }).first();
      return row ? fromDb(row) : null;
    },

    async findObjects(fileIds: string[]): Promise<ObjectRow[]> {
      const rows = await db<DbRow>('objects').whereIn('file_id', fileIds);
      const byId = new Map(rows.map((r) => [r.file_id, fromDb(r)]));
      return fileIds.map((id) => byId.get(id)).filter((r): r is ObjectRow => r !== undefined);
    },

    /** `sha256` when storage computed it as the bytes arrived; without it the object hasher fills it in. */
    async markComplete(fileId: string, result: { size: number; etag: string; at: Date; sha256?: string }): Promise<void> {
      await db('objects')
        .where({ file_id: fileId, status: 'uploading' })
        .update({ status: 'complete', size: result.size, etag: result.etag, completed_at: result.at, ...(result.sha256 ? { sha256: result.sha256 } : {}) });
    },

    async markStatus(fileIds: string[], status: TObjectStatus, at: Date): Promise<number> {
      if (fileIds.length === 0) return 0;
      return db('objects')
        .whereIn('file_id', fileIds)
        .whereNot({ status })
        .update({ status, ...(status === 'deleted' ? { deleted_at: at } : {}) });
    },

    async markAbortedByUploadId(bucket: string, uploadId: string): Promise<void> {
      await db('objects').where({ bucket, upload_id: uploadId, status: 'uploading' }).update({ status: 'aborted' });
    },

    async setSha256(fileId: string, sha256: string): Promise<void> {
      await db('objects').where({ file_id: fileId }).update({ sha256 });
    },

    async findUnhashed(limit: number): Promise<ObjectRow[]> {
      const rows = await db<DbRow>('objects').where({ status: 'complete' }).whereNull('sha256').orderBy('completed_at').limit(limit);
      return rows.map(fromDb);
    },

    async findStaleUploads(olderThan: Date): Promise<ObjectRow[]> {
      const rows = await db<DbRow>('objects').where({ status: 'uploading' }).where('created_at', '<', olderThan);
      return rows.map(fromDb);
    },

    async usageOf(ownerId: string): Promise<number> {
      const row = await db('objects').where({ usage_owner_id: ownerId, status: 'complete' }).sum({ bytes: 'size' }).first();
      return Number((row as { bytes: string | null } | undefined)?.bytes ?? 0);
    },
  };
}

function zipGrants(db: Knex) {
  return {
    async insertZipGrant(grant: ZipGrantRow): Promise<void> {
      await db('zip_grants').insert({ id: grant.id, name: grant.name, entries: JSON.stringify(grant.entries), expires_at: grant.expiresAt });
    },

    async findZipGrant(id: string): Promise<ZipGrantRow | null> {
      const row = await db('zip_grants').where({ id }).first();
      if (!row) return null;
      return { id: row.id, name: row.name, entries: row.entries, expiresAt: row.expires_at };
    },

    async deleteExpiredZipGrants(before: Date): Promise<void> {
      await db('zip_grants').where('expires_at', '<', before).delete();
    },
  };
}

/** knex queries on the `storage` schema; returns plain objects. */
export function createObjectsStore(db: Knex) {
  return { ...objectRows(db), ...zipGrants(db) };
}

export type ObjectsStore = ReturnType<typeof createObjectsStore>;
