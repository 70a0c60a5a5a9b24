import { randomUUID } from 'node:crypto';
import { AppError, DEFAULT_REGION, type TGrantOwner, type TPresignedRequest, type TRegion, type TSignUploadResponse, type TUploadedPart, type TUploadGrant } from '@ferry/contracts';
import type { PresignedRequest } from '../drivers/storage-driver';
import type { NewObject, ObjectRow } from '../store/objects.store';
import { placeOwner } from './grant-owner';
import { checkPartToSign, multipartBounds, signedBytes } from './multipart-bounds';
import { MULTIPART_THRESHOLD_BYTES, PUT_URL_SECONDS, UPLOAD_TOKEN_SECONDS, type StorageDeps } from './storage.deps';

const SAFE_CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

export function toPresigned(request: PresignedRequest): TPresignedRequest {
  return { method: request.method, url: request.url, headers: request.headers, expiresAt: request.expiresAt.toISOString() };
}

/**
 * Grants for new objects under the owner's prefix. Keys are generated here (a new id each), so a
 * grant never names a key the client chose or one that exists. Files of 50 MB and more get a
 * multipart upload whose part URLs are signed on demand, at most `maxParts` of them, each part
 * starting at a multiple of `minPartSize` (the grant's unit).
 */
export async function createUploadGrants(
  deps: StorageDeps,
  request: { owner: TGrantOwner; region?: TRegion; files: { name: string; size: number; contentType?: string }[] },
): Promise<{ grants: TUploadGrant[] }> {
  const placement = placeOwner(request.owner);
  const place = deps.regions.get(placement.isAnonymous ? 'anon' : (request.region ?? DEFAULT_REGION));
  const now = deps.clock();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const rows: NewObject[] = [];
  const grants: TUploadGrant[] = [];
  for (const file of request.files) {
    const fileId = randomUUID();
    const key = `${placement.prefix}${fileId}`;
    const contentType = file.contentType && SAFE_CONTENT_TYPE.test(file.contentType) ? file.contentType : 'application/octet-stream';
    const isMultipart = file.size >= MULTIPART_THRESHOLD_BYTES;
    const bounds = isMultipart ? multipartBounds(file.size, place.driver) : undefined;
    const uploadId = bounds
      ? await place.driver.createMultipartUpload({ bucket: place.bucket, key, contentType, limits: { maxBytes: file.size, maxParts: bounds.maxParts } })
      : null;
    const single = isMultipart
      ? undefined
      : await place.driver.presignPut({ bucket: place.bucket, key, size: file.size, contentType, expiresInSeconds: PUT_URL_SECONDS });
    rows.push({
      fileId,
      grantType: request.owner.type,
      usageOwnerId: placement.usageOwnerId,
      uploaderId: placement.uploaderId,
      slug: placement.slug,
      uploadPath: placement.uploadPath,
      region: place.region,
      bucket: place.bucket,
      key,
      name: file.name,
      contentType,
      declaredSize: file.size,
      uploadId,
      status: 'uploading',
      createdAt: now,
    });
    grants.push({
      fileId,
      name: file.name,
      size: file.size,
      region: place.region,
      key,
      uploadToken: deps.tokens.sign('upload', fileId, nowSeconds + UPLOAD_TOKEN_SECONDS),
      single: single && toPresigned(single),
      multipart: uploadId && bounds ? { uploadId, minPartSize: bounds.unit, maxParts: bounds.maxParts } : undefined,
    });
  }
  await deps.store.insertObjects(rows);
  return { grants };
}

/** The upload a token names; a forged, expired or unknown token never reaches the driver. */
export async function findUpload(deps: StorageDeps, uploadToken: string): Promise<ObjectRow> {
  const fileId = deps.tokens.verify('upload', uploadToken, Math.floor(deps.clock().getTime() / 1000));
  if (!fileId) throw new AppError('UPLOAD_TOKEN_INVALID', { message: 'This upload link is not valid or has expired' });
  const row = await deps.store.findObject(fileId);
  if (!row) throw new AppError('UPLOAD_NOT_FOUND', { message: 'There is no such upload' });
  return row;
}

async function findOpenUpload(deps: StorageDeps, uploadToken: string): Promise<ObjectRow> {
  const row = await findUpload(deps, uploadToken);
  // A client resuming after the upload was finished (a reload just after the last part) learns it is done.
  if (row.status === 'complete') throw new AppError('UPLOAD_COMPLETE', { message: 'This upload is already complete' });
  if (row.status !== 'uploading') throw new AppError('UPLOAD_ABORTED', { message: `This upload is ${row.status}` });
  return row;
}

/**
 * Fresh URLs for an open upload: the single PUT again, or the named parts (1 h each). Each part
 * URL is signed for the exact size asked, and only while everything the upload's part URLs could
 * put into storage together (each part number at the largest size it was signed for) stays
 * within the granted size.
 */
export async function signUpload(
  deps: StorageDeps,
  request: { uploadToken: string; parts?: { partNumber: number; size: number }[] },
): Promise<TSignUploadResponse> {
  const row = await findOpenUpload(deps, request.uploadToken);
  const place = deps.regions.byBucket(row.bucket);
  if (!row.uploadId) {
    const single = await place.driver.presignPut({
      bucket: row.bucket,
      key: row.key,
      size: row.declaredSize,
      contentType: row.contentType,
      expiresInSeconds: PUT_URL_SECONDS,
    });
    return { single: toPresigned(single) };
  }
  const uploadId = row.uploadId;
  const bounds = multipartBounds(row.declaredSize, place.driver);
  const wanted = request.parts ?? [];
  for (const part of wanted) checkPartToSign(part, { size: row.declaredSize, name: row.name }, bounds);
  await deps.signedParts.withSignedSizes(row.fileId, (largestByPart) => {
    for (const part of wanted) largestByPart.set(part.partNumber, Math.max(largestByPart.get(part.partNumber) ?? 0, part.size));
    if (signedBytes(largestByPart) > row.declaredSize) {
      throw new AppError('UPLOAD_TOO_LARGE', {
        message: `The parts of ${row.name} would hold more than its ${row.declaredSize} bytes`,
        details: { maxBytes: row.declaredSize },
      });
    }
    return { record: wanted, result: undefined };
  });
  const parts = await Promise.all(
    wanted.map(async ({ partNumber, size }) => {
      const signed = await place.driver.presignPart({ bucket: row.bucket, key: row.key, uploadId, partNumber, size, expiresInSeconds: PUT_URL_SECONDS });
      return { ...toPresigned(signed), partNumber };
    }),
  );
  return { parts };
}

export async function listUploadParts(deps: StorageDeps, request: { uploadToken: string }): Promise<{ parts: TUploadedPart[] }> {
  const row = await findOpenUpload(deps, request.uploadToken);
  if (!row.uploadId) return { parts: [] };
  const place = deps.regions.byBucket(row.bucket);
  const parts = await place.driver.listParts({ bucket: row.bucket, key: row.key, uploadId: row.uploadId });
  return { parts: parts.map((p) => ({ partNumber: p.partNumber, size: p.size, etag: p.etag.replace(/"/g, '') })) };
}

/** Discards an upload's parts; a finished object is not touched (deleting it is another call). */
export async function abortUpload(deps: StorageDeps, request: { uploadToken: string }): Promise<Record<string, never>> {
  const row = await findUpload(deps, request.uploadToken);
  if (row.status !== 'uploading') return {};
  const place = deps.regions.byBucket(row.bucket);
  if (row.uploadId) await place.driver.abortMultipartUpload({ bucket: row.bucket, key: row.key, uploadId: row.uploadId });
  else await place.driver.deleteObject({ bucket: row.bucket, key: row.key });
  await deps.store.markStatus([row.fileId], 'aborted', deps.clock());
  return {};
}
