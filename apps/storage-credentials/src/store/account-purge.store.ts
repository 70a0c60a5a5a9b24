import type { Knex } from 'knex';

export interface OwnedObject {
  fileId: string;
  bucket: string;
  key: string;
  status: string;
  uploadId: string | null;
}

/** storage's SQL for the purge of a deleted account. */
export function createAccountPurgeStore(db: Knex | Knex.Transaction) {
  return {
    async detachMemberObjects(adminId: string, memberIds: string[]): Promise<void> {
      if (memberIds.length === 0) return;
      await db('objects').where({ usage_owner_id: adminId }).whereIn('uploader_id', memberIds).update({ usage_owner_id: db.ref('uploader_id') });
    },

    async findOwnerObjects(userId: string): Promise<OwnedObject[]> {
      const rows: Array<{ file_id: string; bucket: string; key: string; status: string; upload_id: string | null }> = await db('objects')
        .where({ usage_owner_id: userId })
        .orWhere({ uploader_id: userId })
        .select('file_id', 'bucket', 'key', 'status', 'upload_id');
      return rows.map((row) => ({ fileId: row.file_id, bucket: row.bucket, key: row.key, status: row.status, uploadId: row.upload_id }));
    },

    /** The rows, their signed part sizes and the ZIP links that named them. */
    async deleteObjectRows(fileIds: string[]): Promise<void> {
      if (fileIds.length === 0) return;
      await db('zip_grants')
        .where((q) => {
          for (const fileId of fileIds) q.orWhereRaw('strpos(entries::text, ?) > 0', [fileId]);
        })
        .delete();
      await db('objects').whereIn('file_id', fileIds).delete();
    },
  };
}
