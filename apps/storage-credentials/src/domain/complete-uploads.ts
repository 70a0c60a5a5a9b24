import { createHash } from 'node:crypto';
import { AppError, partNumbersOf, partSetText, type TCompleteUpload, type TPartSet, type TStoredObject } from '@ferry/contracts';
import type { ObjectRow } from '../store/objects.store';
import { findUpload } from './upload-grants';
import type { StorageDeps } from './storage.deps';
import { toStoredObject } from './stored-object';
import { recordBytesMoved } from '../metrics/storage-metrics';

const unquote = (etag: string) => etag.replace(/"/g, '');

/**
 * The parts a part set names, with the ETags storage holds for them, once their digest is the one
 * the client sent (so the client saw each of them land as storage holds it).
 */
function claimedBySet(set: TPartSet, stored: Map<number, { etag: string }>, name: string): { partNumber: number; etag: string }[] {
  const claimed = partNumbersOf(set).map((partNumber) => {
    const found = stored.get(partNumber);
    if (!found) throw new AppError('UPLOAD_INCOMPLETE', { message: `Part ${partNumber} of ${name} has not arrived`, details: { partNumber } });
    return { partNumber, etag: found.etag };
  });
  if (createHash('sha256').update(partSetText(claimed)).digest('hex') !== set.sha256) {
    throw new AppError('UPLOAD_INCOMPLETE', { message: `The parts of ${name} that storage holds are not the ones the upload sent` });
  }
  return claimed;
}

/**
 * Checks one upload against its grant and finishes it: a single PUT must have arrived with the
 * granted size; a multipart upload must have every named part with the ETag the client saw, and
 * the parts must add up to the granted size. Completing twice answers the same.
 */
async function completeOne(deps: StorageDeps, upload: TCompleteUpload): Promise<ObjectRow> {
  const row = await findUpload(deps, upload.uploadToken);
  if (row.status === 'complete') return row;
  if (row.status !== 'uploading') throw new AppError('UPLOAD_ABORTED', { message: `The upload of ${row.name} was ${row.status}` });
  const { driver } = deps.regions.byBucket(row.bucket);
  const location = { bucket: row.bucket, key: row.key };

  if (row.uploadId) {
    const stored = new Map((await driver.listParts({ ...location, uploadId: row.uploadId })).map((p) => [p.partNumber, p]));
    const claimed = upload.partSet ? claimedBySet(upload.partSet, stored, row.name) : (upload.parts ?? []);
    if (claimed.length === 0) throw new AppError('UPLOAD_INCOMPLETE', { message: `No parts were named for ${row.name}` });
    const ordered = [...claimed].sort((a, b) => a.partNumber - b.partNumber);
    let total = 0;
    const confirmed: { partNumber: number; etag: string }[] = [];
    for (const [index, part] of ordered.entries()) {
      const found = stored.get(part.partNumber);
      if (!found || unquote(found.etag) !== unquote(part.etag)) {
        throw new AppError('UPLOAD_INCOMPLETE', { message: `Part ${part.partNumber} of ${row.name} has not arrived`, details: { partNumber: part.partNumber } });
      }
      if (index < ordered.length - 1 && found.size < driver.minPartSize) {
        throw new AppError('SIZE_MISMATCH', { message: `Part ${part.partNumber} of ${row.name} is smaller than the store allows` });
      }
      total += found.size;
      confirmed.push({ partNumber: part.partNumber, etag: found.etag });
    }
    if (total !== row.declaredSize) {
      throw new AppError('SIZE_MISMATCH', { message: `${row.name} should be ${row.declaredSize} bytes; its parts hold ${total}` });
    }
    await driver.completeMultipartUpload({ ...location, uploadId: row.uploadId, parts: confirmed });
  }

  const head = await driver.head(location);
  if (!head) throw new AppError('UPLOAD_INCOMPLETE', { message: `${row.name} has not arrived` });
  if (head.size !== row.declaredSize) {
    await driver.deleteObject(location);
    await deps.store.markStatus([row.fileId], 'aborted', deps.clock());
    throw new AppError('SIZE_MISMATCH', { message: `${row.name} should be ${row.declaredSize} bytes; ${head.size} arrived` });
  }
  const at = deps.clock();
  await deps.store.markComplete(row.fileId, { size: head.size, etag: unquote(head.etag), at, sha256: head.sha256 });
  // The driver hashed the bytes as they arrived (local); else — another driver, or parts that
  // landed where their hash could not follow them — the object hasher reads the object back.
  if (!head.sha256) deps.hasher.enqueue(row.fileId);
  return { ...row, status: 'complete', size: head.size, etag: unquote(head.etag), completedAt: at, sha256: head.sha256 ?? row.sha256 };
}

/** Finishes every upload of a transfer; the transfer may go live only when this answers. */
export async function completeUploads(deps: StorageDeps, request: { uploads: TCompleteUpload[] }): Promise<{ objects: TStoredObject[] }> {
  const objects: TStoredObject[] = [];
  for (const upload of request.uploads) objects.push(toStoredObject(await completeOne(deps, upload)));
  for (const object of objects) recordBytesMoved(object.region, 'upload', object.size);
  return { objects };
}
