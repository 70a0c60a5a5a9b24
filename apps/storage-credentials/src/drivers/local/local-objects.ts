import { randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, rm, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { ObjectInfo } from '../storage-driver';
import { encryptedRangeChunks, SegmentReadBuffers, writeEncryptedObject } from './encrypted-object';
import { claimKey, etagOf, limited, masterKeysOf, prefixFolders, readManifest, walk, writeManifest, type LocalStoreContext, type Manifest } from './local-layout';
import { InvalidPartError, NoSuchKeyError, ObjectExistsError } from './local-store.errors';

/** Whole objects of the local store: single PUT, HEAD, ranged reads, copy, delete and listing. */

export async function ensureBucket({ layout }: LocalStoreContext, bucket: string): Promise<void> {
  for (const sub of ['objects', 'blobs', 'uploads']) await mkdir(join(layout.bucketDir(bucket), sub), { recursive: true });
}

export interface PutObjectOptions {
  contentType: string;
  maxBytes?: number;
  exactBytes?: number;
  /** Refuse to replace an object that exists, and let only one of parallel writers of the key go on. */
  ifNoneMatch?: boolean;
}

/** Writes a whole object; refuses to replace one that exists when `ifNoneMatch` is set. */
export async function putObject(
  ctx: LocalStoreContext,
  bucket: string,
  key: string,
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  opts: PutObjectOptions,
): Promise<ObjectInfo> {
  const { layout } = ctx;
  if (opts.ifNoneMatch) {
    if (await readManifest(layout, bucket, key)) throw new ObjectExistsError(key);
    await claimKey(layout, bucket, key);
  }
  const id = randomUUID();
  let written: { size: number; sha256?: string };
  try {
    await mkdir(join(layout.bucketDir(bucket), 'blobs'), { recursive: true });
    written = await writeEncryptedObject(layout.blobPath(bucket, id), limited(source, opts.maxBytes), ctx);
    if (opts.exactBytes !== undefined && written.size !== opts.exactBytes) {
      throw new InvalidPartError(`Expected ${opts.exactBytes} bytes, got ${written.size}`);
    }
  } catch (error) {
    // A failed write leaves nothing behind and gives the key back for another try.
    await rm(layout.blobPath(bucket, id), { force: true });
    if (opts.ifNoneMatch) await rm(layout.claimPath(bucket, key), { force: true });
    throw error;
  }
  const manifest: Manifest = {
    v: 1,
    size: written.size,
    etag: etagOf(written.sha256 as string),
    contentType: opts.contentType,
    lastModified: ctx.now().toISOString(),
    blobs: [{ id, size: written.size }],
    sha256: written.sha256,
  };
  await writeManifest(layout, bucket, key, manifest);
  return { key, size: manifest.size, etag: manifest.etag, lastModified: new Date(manifest.lastModified), sha256: manifest.sha256 };
}

export async function head({ layout }: LocalStoreContext, bucket: string, key: string): Promise<(ObjectInfo & { contentType: string }) | null> {
  const manifest = await readManifest(layout, bucket, key);
  if (!manifest) return null;
  return { key, size: manifest.size, etag: manifest.etag, lastModified: new Date(manifest.lastModified), contentType: manifest.contentType, sha256: manifest.sha256 };
}

/** Plaintext bytes `start`..`end` (inclusive) across the object's blobs, decrypting only what the range touches. */
export async function read(ctx: LocalStoreContext, bucket: string, key: string, start = 0, end?: number): Promise<Readable> {
  const { layout } = ctx;
  const manifest = await readManifest(layout, bucket, key);
  if (!manifest) throw new NoSuchKeyError(key);
  const last = Math.min(end ?? manifest.size - 1, manifest.size - 1);
  async function* generate(blobs: Manifest['blobs']): AsyncGenerator<Buffer> {
    const readBuffers = new SegmentReadBuffers(ctx.buffers);
    try {
      let offset = 0;
      for (const blob of blobs) {
        const blobStart = offset;
        const blobEnd = offset + blob.size - 1;
        offset += blob.size;
        if (blob.size === 0 || blobEnd < start || blobStart > last) continue;
        const from = Math.max(start, blobStart) - blobStart;
        const to = Math.min(last, blobEnd) - blobStart;
        yield* encryptedRangeChunks(layout.blobPath(bucket, blob.id), masterKeysOf(ctx), readBuffers, from, to);
      }
    } finally {
      readBuffers.release();
    }
  }
  if (start > last) return Readable.from([]);
  // One stream layer between the disk and the socket; a 1 MiB mark lets the next segment
  // be decrypted while the socket drains this one.
  return Readable.from(generate(manifest.blobs), { objectMode: false, highWaterMark: 1024 * 1024 });
}

export async function copyObject({ layout, now }: LocalStoreContext, bucket: string, fromKey: string, toKey: string): Promise<void> {
  const manifest = await readManifest(layout, bucket, fromKey);
  if (!manifest) throw new NoSuchKeyError(fromKey);
  const blobs: Manifest['blobs'] = [];
  for (const blob of manifest.blobs) {
    const id = randomUUID();
    // Blobs never change once written, so a hard link is a complete copy.
    await link(layout.blobPath(bucket, blob.id), layout.blobPath(bucket, id)).catch(() => copyFile(layout.blobPath(bucket, blob.id), layout.blobPath(bucket, id)));
    blobs.push({ id, size: blob.size });
  }
  await writeManifest(layout, bucket, toKey, { ...manifest, blobs, lastModified: now().toISOString() });
}

export async function deleteObject({ layout }: LocalStoreContext, bucket: string, key: string): Promise<void> {
  const manifest = await readManifest(layout, bucket, key);
  if (!manifest) return;
  await rm(layout.manifestPath(bucket, key), { force: true });
  for (const blob of manifest.blobs) await rm(layout.blobPath(bucket, blob.id), { force: true });
  await rm(layout.claimPath(bucket, key), { force: true });
}

export async function listObjects(ctx: LocalStoreContext, bucket: string, prefix: string): Promise<ObjectInfo[]> {
  const objectsDir = join(ctx.layout.bucketDir(bucket), 'objects');
  // Walk only the deepest folder the prefix fully names.
  const files = await walk(join(objectsDir, ...prefixFolders(prefix)));
  const out: ObjectInfo[] = [];
  for (const file of files) {
    const key = relative(objectsDir, file).split(sep).join('/');
    if (!key.startsWith(prefix)) continue;
    const info = await head(ctx, bucket, key);
    if (info) out.push({ key, size: info.size, etag: info.etag, lastModified: info.lastModified });
  }
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

/** Bytes on disk, for checks in tests that nothing is left behind. */
export async function diskUsage({ layout }: LocalStoreContext, bucket: string): Promise<number> {
  let total = 0;
  for (const file of await walk(layout.bucketDir(bucket))) total += (await stat(file)).size;
  return total;
}
