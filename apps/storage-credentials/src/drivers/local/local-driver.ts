import type { Readable } from 'node:stream';
import type { PresignedRequest, StorageDriver } from '../storage-driver';
import { downloadContentType } from '../content-disposition';
import { createLocalObjectStore, type LocalObjectStore } from './local-object-store';
import { createSegmentBufferPool, type SegmentBufferPool } from './segment-buffer-pool';
import { signGrant, type SignedGrant } from './url-signature';

export interface LocalDriverOptions {
  /** Where objects live (each bucket a folder). */
  rootDir: string;
  /** 32 bytes; wraps every object's data key. */
  masterKey: Buffer;
  /** The master key before a rotation, read only, until every data key is re-wrapped (STORAGE_MASTER_KEY_PREVIOUS). */
  previousMasterKey?: Buffer;
  /** Signs the byte URLs; only this service checks them. */
  urlSecret: Buffer;
  /** The origin browsers reach this service's byte endpoints on, e.g. http://localhost:8090. */
  publicUrl: string;
  segmentSize?: number;
  /** The segment buffers of the byte path; a pool of its own when left out. */
  buffers?: SegmentBufferPool;
  /** Epoch milliseconds; tests pass their own to expire URLs. */
  now?: () => number;
}

export type LocalDriver = StorageDriver & { readonly store: LocalObjectStore; signedUrl(grant: SignedGrant): string };

export function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/** The local driver: encrypted files on disk, and URLs signed for this service's own byte endpoints. */
export function createLocalDriver(options: LocalDriverOptions): LocalDriver {
  const now = options.now ?? (() => Date.now());
  const store = createLocalObjectStore({
    rootDir: options.rootDir,
    masterKey: options.masterKey,
    previousMasterKey: options.previousMasterKey,
    buffers: options.buffers ?? createSegmentBufferPool(),
    segmentSize: options.segmentSize,
    now,
  });
  const base = options.publicUrl.replace(/\/+$/, '');

  function signedUrl(grant: SignedGrant): string {
    const query = new URLSearchParams();
    if (grant.uploadId) query.set('uploadId', grant.uploadId);
    if (grant.partNumber !== undefined) query.set('partNumber', String(grant.partNumber));
    if (grant.maxBytes !== undefined) query.set('X-Ferry-Max', String(grant.maxBytes));
    if (grant.filename !== undefined) query.set('filename', grant.filename);
    if (grant.contentType !== undefined) query.set('type', grant.contentType);
    query.set('X-Ferry-Expires', String(grant.expires));
    query.set('X-Ferry-Signature', signGrant(grant, options.urlSecret));
    return `${base}/o/${grant.bucket}/${encodeKey(grant.key)}?${query.toString()}`;
  }

  function presign(grant: Omit<SignedGrant, 'expires'>, expiresInSeconds: number, headers: Record<string, string> = {}): PresignedRequest {
    const expires = Math.floor(now() / 1000) + expiresInSeconds;
    return {
      method: grant.method as PresignedRequest['method'],
      url: signedUrl({ ...grant, expires }),
      headers,
      expiresAt: new Date(expires * 1000),
    };
  }

  return {
    name: 'local',
    // Any size works on disk; the engine's own policy decides.
    minPartSize: 1,
    maxParts: 10_000,
    store,
    signedUrl,
    ensureBucket: (bucket) => store.ensureBucket(bucket),
    async presignPut({ bucket, key, size, contentType, expiresInSeconds }) {
      return presign({ method: 'PUT', bucket, key, maxBytes: size }, expiresInSeconds, { 'Content-Type': contentType });
    },
    createMultipartUpload: ({ bucket, key, contentType, limits }) => store.createMultipartUpload(bucket, key, contentType, limits),
    // A POST with no headers to add: a CORS "simple" request, so a browser sends each part without a
    // preflight first (at the web app's 2 MB parts, 512 fewer requests per GiB; tools/bench/browser-upload).
    async presignPart({ bucket, key, uploadId, partNumber, size, expiresInSeconds }) {
      return presign({ method: 'POST', bucket, key, uploadId, partNumber, maxBytes: size }, expiresInSeconds);
    },
    listParts: ({ bucket, key, uploadId }) => store.listParts(bucket, key, uploadId),
    async completeMultipartUpload({ bucket, key, uploadId, parts }) {
      await store.completeMultipartUpload(bucket, key, uploadId, parts, 0);
    },
    abortMultipartUpload: ({ bucket, key, uploadId }) => store.abortMultipartUpload(bucket, key, uploadId),
    listMultipartUploads: ({ bucket, prefix }) => store.listMultipartUploads(bucket, prefix),
    async presignGet({ bucket, key, expiresInSeconds, filename, contentType }) {
      return presign({ method: 'GET', bucket, key, filename, contentType: downloadContentType(filename, contentType) }, expiresInSeconds);
    },
    async head({ bucket, key }) {
      const info = await store.head(bucket, key);
      return info && { key: info.key, size: info.size, etag: info.etag, lastModified: info.lastModified, ...(info.sha256 ? { sha256: info.sha256 } : {}) };
    },
    read: ({ bucket, key, start, end }): Promise<Readable> => store.read(bucket, key, start, end),
    async putObject({ bucket, key, body, contentType }) {
      await store.putObject(bucket, key, [body], { contentType });
    },
    copyObject: ({ bucket, fromKey, toKey }) => store.copyObject(bucket, fromKey, toKey),
    deleteObject: ({ bucket, key }) => store.deleteObject(bucket, key),
    listObjects: ({ bucket, prefix }) => store.listObjects(bucket, prefix),
  };
}
