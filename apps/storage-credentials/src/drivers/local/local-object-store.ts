import { createBlobHasher, type BlobHasher } from './blob-hasher';
import { rewrapDataKeys } from './local-key-rotation';
import { createLocalLayout, type LocalStoreContext } from './local-layout';
import { abortMultipartUpload, completeMultipartUpload, createMultipartUpload, listMultipartUploads, listParts, uploadPart, type LocalMultipartContext } from './local-multipart';
import { copyObject, deleteObject, diskUsage, ensureBucket, head, listObjects, putObject, read } from './local-objects';
import { createPartLedger } from './part-ledger';
import type { SegmentBufferPool } from './segment-buffer-pool';
import { createUploadDigests } from './upload-digests';

export interface LocalObjectStoreOptions {
  rootDir: string;
  masterKey: Buffer;
  /** STORAGE_MASTER_KEY_PREVIOUS during a rotation: objects it wrapped stay readable until re-wrapped. */
  previousMasterKey?: Buffer;
  /** Where the byte path's segment buffers come from; one pool per process keeps them few. */
  buffers: SegmentBufferPool;
  segmentSize?: number;
  /** The worker thread that hashes uploads' parts (blob-hasher.ts); by default the store's own, started when first needed. */
  hasher?: BlobHasher;
  /** Epoch milliseconds, for upload and modification dates. */
  now?: () => number;
}

/**
 * Objects on local disk, encrypted at rest, with S3's operations: the layout is in local-layout.ts,
 * whole objects in local-objects.ts, multipart uploads in local-multipart.ts.
 */
export function createLocalObjectStore(options: LocalObjectStoreOptions) {
  const ctx: LocalStoreContext = {
    layout: createLocalLayout(options.rootDir),
    masterKey: options.masterKey,
    previousMasterKey: options.previousMasterKey,
    buffers: options.buffers,
    segmentSize: options.segmentSize,
    now: () => new Date(options.now?.() ?? Date.now()),
  };
  const uploads: LocalMultipartContext = {
    ...ctx,
    ledger: createPartLedger(),
    digests: createUploadDigests({ hasher: options.hasher ?? createBlobHasher() }),
  };
  return {
    ensureBucket: ensureBucket.bind(null, ctx),
    putObject: putObject.bind(null, ctx),
    head: head.bind(null, ctx),
    read: read.bind(null, ctx),
    copyObject: copyObject.bind(null, ctx),
    deleteObject: deleteObject.bind(null, ctx),
    listObjects: listObjects.bind(null, ctx),
    diskUsage: diskUsage.bind(null, ctx),
    rewrapDataKeys: () => rewrapDataKeys(ctx),
    createMultipartUpload: createMultipartUpload.bind(null, uploads),
    uploadPart: uploadPart.bind(null, uploads),
    listParts: listParts.bind(null, uploads),
    completeMultipartUpload: completeMultipartUpload.bind(null, uploads),
    abortMultipartUpload: abortMultipartUpload.bind(null, uploads),
    listMultipartUploads: listMultipartUploads.bind(null, uploads),
  };
}

export type LocalObjectStore = ReturnType<typeof createLocalObjectStore>;
