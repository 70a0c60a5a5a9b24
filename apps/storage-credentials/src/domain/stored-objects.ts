import { randomUUID } from 'node:crypto';
import { AppError, type TGrantOwner, type TStoredObject } from '@ferry/contracts';
import type { ObjectRow } from '../store/objects.store';
import { placeOwner } from './grant-owner';
import { GET_URL_SECONDS, type StorageDeps } from './storage.deps';
import { toStoredObject } from './stored-object';
import { recordBytesMoved } from '../metrics/storage-metrics';

export async function getObjects(deps: StorageDeps, request: { fileIds: string[] }): Promise<{ objects: TStoredObject[] }> {
  return { objects: (await deps.store.findObjects(request.fileIds)).map(toStoredObject) };
}

/** Finished objects only: an upload in progress, aborted or deleted is not there to read. */
export async function findComplete(deps: StorageDeps, fileIds: string[]): Promise<ObjectRow[]> {
  const rows = await deps.store.findObjects(fileIds);
  const byId = new Map(rows.map((r) => [r.fileId, r]));
  return fileIds.map((id) => {
    const row = byId.get(id);
    if (!row || row.status !== 'complete') throw new AppError('OBJECT_NOT_FOUND', { message: 'There is no such file', details: { fileId: id } });
    return row;
  });
}

/** A signed GET valid 600 s, always an attachment named as the file (RFC 6266). */
export async function signDownload(deps: StorageDeps, request: { fileId: string; filename?: string }): Promise<{ url: string; expiresAt: string }> {
  const [row] = await findComplete(deps, [request.fileId]);
  const { driver } = deps.regions.byBucket(row!.bucket);
  const signed = await driver.presignGet({
    bucket: row!.bucket,
    key: row!.key,
    expiresInSeconds: GET_URL_SECONDS,
    filename: request.filename ?? row!.name,
    contentType: row!.contentType,
  });
  recordBytesMoved(row!.region, 'download', Number(row!.size));
  return { url: signed.url, expiresAt: signed.expiresAt.toISOString() };
}

/** Copies finished objects under another owner's prefix (forwarded items are copied, not uploaded). */
export async function copyObjects(
  deps: StorageDeps,
  request: { fileIds: string[]; to: TGrantOwner },
): Promise<{ objects: (TStoredObject & { copiedFrom: string })[] }> {
  const sources = await findComplete(deps, request.fileIds);
  const placement = placeOwner(request.to);
  const now = deps.clock();
  const out: (TStoredObject & { copiedFrom: string })[] = [];
  for (const source of sources) {
    const fileId = randomUUID();
    // A copy stays in the source's bucket: a server-side copy never moves bytes across regions.
    const key = `${placement.prefix}${fileId}`;
    const { driver } = deps.regions.byBucket(source.bucket);
    await driver.copyObject({ bucket: source.bucket, fromKey: source.key, toKey: key });
    const row: ObjectRow = {
      ...source,
      fileId,
      key,
      grantType: request.to.type,
      usageOwnerId: placement.usageOwnerId,
      uploaderId: placement.uploaderId,
      slug: placement.slug,
      uploadPath: placement.uploadPath,
      uploadId: null,
      copiedFrom: source.fileId,
      createdAt: now,
      completedAt: now,
    };
    await deps.store.insertObjects([row]);
    out.push({ ...toStoredObject(row), copiedFrom: source.fileId });
  }
  return { objects: out };
}

/** Removes objects (and abandons uploads in progress); deleting twice is not an error. */
export async function deleteObjects(deps: StorageDeps, request: { fileIds: string[] }): Promise<{ deleted: number }> {
  const rows = await deps.store.findObjects(request.fileIds);
  const done: string[] = [];
  for (const row of rows) {
    if (row.status === 'deleted' || row.status === 'aborted') continue;
    const { driver } = deps.regions.byBucket(row.bucket);
    if (row.status === 'uploading' && row.uploadId) await driver.abortMultipartUpload({ bucket: row.bucket, key: row.key, uploadId: row.uploadId });
    else await driver.deleteObject({ bucket: row.bucket, key: row.key });
    done.push(row.fileId);
  }
  await deps.store.markStatus(done, 'deleted', deps.clock());
  return { deleted: done.length };
}

/** Bytes of finished objects counted against an owner (a team admin's count includes the members'). */
export async function getUsage(deps: StorageDeps, request: { ownerId: string }): Promise<{ bytes: number }> {
  return { bytes: await deps.store.usageOf(request.ownerId) };
}
