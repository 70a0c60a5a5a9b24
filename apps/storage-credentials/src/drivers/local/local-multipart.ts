import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MultipartLimits, MultipartUploadInfo, ObjectInfo, PartInfo } from '../storage-driver';
import { encryptedObjectSize, writeEncryptedObject } from './encrypted-object';
import { checkKey, etagOf, isUploadId, limited, masterKeysOf, writeManifest, type LocalStoreContext, type Manifest, type UploadRecord } from './local-layout';
import { InvalidPartError, NoSuchUploadError } from './local-store.errors';
import type { PartLedger } from './part-ledger';
import type { UploadDigests } from './upload-digests';

/** Multipart uploads of the local store: parts are encrypted blobs that completing moves under the object. */
export interface LocalMultipartContext extends LocalStoreContext {
  /** What each upload's parts hold, on disk and in flight (part-ledger.ts). */
  ledger: PartLedger;
  /** Each upload's object SHA-256, in file order as its parts land (upload-digests.ts). */
  digests: UploadDigests;
}

type StoredPart = PartInfo & { file: string };

async function readUpload({ layout }: LocalStoreContext, bucket: string, uploadId: string): Promise<UploadRecord> {
  try {
    return JSON.parse(await readFile(join(layout.uploadDir(bucket, uploadId), 'upload.json'), 'utf8')) as UploadRecord;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new NoSuchUploadError(uploadId);
    throw error;
  }
}

/** The upload's record, when it is for `key` (read once per upload by the ledger: a part PUT costs no file read for it). */
async function uploadOf(ctx: LocalMultipartContext, bucket: string, key: string, uploadId: string): Promise<UploadRecord> {
  const record = await ctx.ledger.record(uploadId, () => readUpload(ctx, bucket, uploadId));
  if (record.key !== key) throw new NoSuchUploadError(uploadId);
  return record;
}

// Parts written before sizes were in the name have none; their size is read from the blob.
async function partFiles({ layout }: LocalStoreContext, bucket: string, uploadId: string): Promise<{ partNumber: number; etag: string; size?: number; file: string }[]> {
  const names = await readdir(layout.uploadDir(bucket, uploadId));
  return names
    .map((file) => /^part-(\d+)\.([0-9a-f]{32})(?:\.(\d+))?$/.exec(file))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ partNumber: Number(m[1]), etag: m[2] as string, size: m[3] === undefined ? undefined : Number(m[3]), file: m[0] }))
    .sort((a, b) => a.partNumber - b.partNumber);
}

async function storedParts(ctx: LocalStoreContext, bucket: string, uploadId: string): Promise<StoredPart[]> {
  const dir = ctx.layout.uploadDir(bucket, uploadId);
  const parts: StoredPart[] = [];
  for (const part of await partFiles(ctx, bucket, uploadId)) {
    parts.push({ partNumber: part.partNumber, etag: part.etag, file: part.file, size: part.size ?? (await encryptedObjectSize(join(dir, part.file), masterKeysOf(ctx))) });
  }
  return parts;
}

export async function createMultipartUpload(ctx: LocalStoreContext, bucket: string, key: string, contentType: string, limits?: MultipartLimits): Promise<string> {
  checkKey(key);
  const uploadId = randomUUID();
  const dir = ctx.layout.uploadDir(bucket, uploadId);
  await mkdir(dir, { recursive: true });
  const record: UploadRecord = { key, contentType, initiated: ctx.now().toISOString(), limits };
  await writeFile(join(dir, 'upload.json'), JSON.stringify(record));
  return uploadId;
}

export interface UploadPartOptions {
  /** The most bytes the part's URL allows. */
  maxBytes?: number;
  /** The request's Content-Length, when it has one. */
  declaredBytes?: number;
}

/**
 * Writes one part; it counts only once fully written (rename), replacing an earlier copy of the
 * same number. Within an upload's grant, the part is refused before its bytes are read when
 * its number or its declared length (`declaredBytes`) does not fit, and cut off once more
 * bytes arrive than the grant has room for.
 */
export async function uploadPart(
  ctx: LocalMultipartContext,
  bucket: string,
  key: string,
  uploadId: string,
  partNumber: number,
  source: AsyncIterable<Uint8Array>,
  opts: UploadPartOptions,
): Promise<PartInfo> {
  const record = await uploadOf(ctx, bucket, key, uploadId);
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) throw new InvalidPartError('Invalid part number');
  const wanted = opts.declaredBytes ?? opts.maxBytes;
  const dir = ctx.layout.uploadDir(bucket, uploadId);
  const readStored = async () => (await storedParts(ctx, bucket, uploadId)).map((p) => ({ partNumber: p.partNumber, size: p.size, path: join(dir, p.file) }));
  const admitted = await ctx.ledger.admit(uploadId, partNumber, record.limits, wanted, readStored);
  ctx.digests.begin(uploadId, partNumber);
  let landed = false;
  try {
    const limit = Math.min(opts.maxBytes ?? Number.POSITIVE_INFINITY, admitted.bytes);
    const staging = join(dir, `staging-${partNumber}-${randomBytes(6).toString('hex')}`);
    // No SHA-256 of the part itself: its ETag is the digest of its GCM tags, and its blob feeds the object's hash.
    const written = await writeEncryptedObject(staging, limited(source, Number.isFinite(limit) ? limit : undefined), { ...ctx, sha256: false }).catch(
      async (error: NodeJS.ErrnoException) => {
        await rm(staging, { force: true });
        throw error.code === 'ENOENT' ? new NoSuchUploadError(uploadId) : error;
      },
    );
    const etag = etagOf(written.sealDigest);
    const file = join(dir, `part-${partNumber}.${etag}.${written.size}`);
    await admitted.land(staging, file, written.size).catch(async (error: NodeJS.ErrnoException) => {
      await rm(staging, { force: true });
      // The upload was completed or aborted while this part was being received.
      throw error.code === 'ENOENT' ? new NoSuchUploadError(uploadId) : error;
    });
    landed = true;
    ctx.digests.landed(uploadId, { partNumber, etag, size: written.size, path: file, dataKey: written.dataKey });
    return { partNumber, size: written.size, etag };
  } finally {
    if (!landed) ctx.digests.failed(uploadId, partNumber);
    await admitted.release();
  }
}

export async function listParts(ctx: LocalMultipartContext, bucket: string, key: string, uploadId: string): Promise<PartInfo[]> {
  await uploadOf(ctx, bucket, key, uploadId);
  return (await storedParts(ctx, bucket, uploadId)).map(({ partNumber, etag, size }) => ({ partNumber, etag, size }));
}

/** The stored parts the completion names, checked as S3 checks them. */
function chooseParts(stored: Map<number, StoredPart>, parts: { partNumber: number; etag: string }[], minPartSize: number): StoredPart[] {
  if (parts.length === 0) throw new InvalidPartError('No parts');
  let previous = 0;
  const chosen: StoredPart[] = [];
  for (const [index, part] of parts.entries()) {
    const found = stored.get(part.partNumber);
    if (part.partNumber <= previous) throw new InvalidPartError('Parts must be in ascending order');
    if (!found || found.etag !== part.etag.replace(/"/g, '')) throw new InvalidPartError(`Part ${part.partNumber} is missing or its ETag differs`);
    if (index < parts.length - 1 && found.size < minPartSize) throw new InvalidPartError(`Part ${part.partNumber} is smaller than ${minPartSize} bytes`);
    previous = part.partNumber;
    chosen.push(found);
  }
  return chosen;
}

export async function completeMultipartUpload(
  ctx: LocalMultipartContext,
  bucket: string,
  key: string,
  uploadId: string,
  parts: { partNumber: number; etag: string }[],
  minPartSize: number,
): Promise<ObjectInfo> {
  const { layout } = ctx;
  const record = await uploadOf(ctx, bucket, key, uploadId);
  const stored = new Map((await storedParts(ctx, bucket, uploadId)).map((p) => [p.partNumber, p]));
  const chosen = chooseParts(stored, parts, minPartSize);
  // Before the parts move: a part still being hashed is read from where it landed.
  const sha256 = await ctx.digests.complete(uploadId, chosen);
  const dir = layout.uploadDir(bucket, uploadId);
  await mkdir(join(layout.bucketDir(bucket), 'blobs'), { recursive: true });
  const blobs: Manifest['blobs'] = [];
  for (const part of chosen) {
    const id = randomUUID();
    await rename(join(dir, part.file), layout.blobPath(bucket, id));
    blobs.push({ id, size: part.size });
  }
  const combined = createHash('md5');
  for (const part of chosen) combined.update(Buffer.from(part.etag, 'hex'));
  const manifest: Manifest = {
    v: 1,
    size: chosen.reduce((sum, p) => sum + p.size, 0),
    etag: `${combined.digest('hex')}-${chosen.length}`,
    contentType: record.contentType,
    lastModified: ctx.now().toISOString(),
    blobs,
    ...(sha256 ? { sha256 } : {}),
  };
  await writeManifest(layout, bucket, key, manifest);
  ctx.ledger.forget(uploadId);
  await rm(dir, { recursive: true, force: true });
  return { key, size: manifest.size, etag: manifest.etag, lastModified: new Date(manifest.lastModified), sha256 };
}

export async function abortMultipartUpload(ctx: LocalMultipartContext, bucket: string, key: string, uploadId: string): Promise<void> {
  const record = await readUpload(ctx, bucket, uploadId).catch((error: unknown) => {
    if (error instanceof NoSuchUploadError) return null;
    throw error;
  });
  if (record && record.key !== key) throw new NoSuchUploadError(uploadId);
  ctx.digests.forget(uploadId);
  ctx.ledger.forget(uploadId);
  // Moved aside first, atomically: a part still being written then fails instead of landing.
  const dir = ctx.layout.uploadDir(bucket, uploadId);
  const trash = `${dir}.aborted-${randomBytes(4).toString('hex')}`;
  await rename(dir, trash).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rm(trash, { recursive: true, force: true, maxRetries: 3 });
}

export async function listMultipartUploads(ctx: LocalStoreContext, bucket: string, prefix = ''): Promise<MultipartUploadInfo[]> {
  let ids: string[];
  try {
    ids = await readdir(join(ctx.layout.bucketDir(bucket), 'uploads'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const out: MultipartUploadInfo[] = [];
  for (const uploadId of ids.filter(isUploadId)) {
    const record = await readUpload(ctx, bucket, uploadId).catch(() => null);
    if (record && record.key.startsWith(prefix)) out.push({ key: record.key, uploadId, initiated: new Date(record.initiated) });
  }
  return out;
}
