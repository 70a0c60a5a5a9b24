import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { once } from './byte-streams.fixture';
import { createLocalObjectStore } from './local-object-store';
import { createBlobHasher, type BlobHasher } from './blob-hasher';
import { createSegmentBufferPool, type SegmentBufferPool } from './segment-buffer-pool';
import { createUploadDigests } from './upload-digests';

const SEGMENT = 4096;
const BUCKET = 'ferry-digests';
const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest('hex');

/** Counts the pool's acquisitions: 3 per part written (the blob hasher reads parts back with its own buffer). */
function countingPool(): SegmentBufferPool & { acquired: number } {
  const pool = createSegmentBufferPool();
  const counting = {
    acquired: 0,
    acquire(length: number) {
      counting.acquired += 1;
      return pool.acquire(length);
    },
    release: (buffer: Buffer) => pool.release(buffer),
  };
  return counting;
}

/** A request body whose last byte arrives only when `release` is called. */
function heldBody(bytes: Buffer) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  async function* body() {
    yield bytes.subarray(0, bytes.length - 1);
    await released;
    yield bytes.subarray(bytes.length - 1);
  }
  return { body: body(), release };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("a multipart upload's SHA-256 from the bytes as they arrive", () => {
  let rootDir = '';
  beforeAll(async () => {
    rootDir = await mkdtemp(join(tmpdir(), 'ferry-digests-'));
  });
  afterAll(() => rm(rootDir, { recursive: true, force: true }));

  function store(hasher?: BlobHasher) {
    const buffers = countingPool();
    return { buffers, store: createLocalObjectStore({ rootDir, masterKey: randomBytes(32), buffers, segmentSize: SEGMENT, hasher }) };
  }

  /** Four parts in flight together whose bodies finish in the order 3, 2, 4, 1, then completed. */
  async function parallelParts(s: ReturnType<typeof store>['store'], key: string, declare: boolean) {
    await s.ensureBucket(BUCKET);
    const uploadId = await s.createMultipartUpload(BUCKET, key, 'application/octet-stream');
    const parts = [randomBytes(3 * SEGMENT + 1), randomBytes(2 * SEGMENT), randomBytes(SEGMENT), randomBytes(5)];
    const bodies = parts.map(heldBody);
    // Started in order, as a client starts them: each has begun before the next.
    const puts = [];
    for (const [i, b] of bodies.entries()) {
      puts.push(s.uploadPart(BUCKET, key, uploadId, i + 1, b.body, declare ? { declaredBytes: (parts[i] as Buffer).length } : {}));
      await settle();
    }
    for (const i of [2, 1, 3, 0]) {
      bodies[i]?.release();
      await settle();
    }
    const stored = await Promise.all(puts);
    const object = await s.completeMultipartUpload(BUCKET, key, uploadId, stored, 0);
    return { sha256: object.sha256, expected: sha(...parts) };
  }

  it('when parts land one after another in order, then completing names the SHA-256 of the parts in order, and the event loop read nothing back', async () => {
    const { store: s, buffers } = store();
    await s.ensureBucket(BUCKET);
    const uploadId = await s.createMultipartUpload(BUCKET, 'in-order.bin', 'application/octet-stream');
    const parts = [randomBytes(3 * SEGMENT), randomBytes(2 * SEGMENT + 7), randomBytes(SEGMENT - 1)];
    const stored = [];
    for (const [i, bytes] of parts.entries()) stored.push(await s.uploadPart(BUCKET, 'in-order.bin', uploadId, i * 10 + 1, once(bytes), {}));
    const object = await s.completeMultipartUpload(BUCKET, 'in-order.bin', uploadId, stored, 0);
    expect(object.sha256).toBe(sha(...parts));
    expect((await s.head(BUCKET, 'in-order.bin'))?.sha256).toBe(sha(...parts));
    // Two gather buffers per part written; none for reading anything back.
    expect(buffers.acquired).toBe(2 * parts.length);
  });

  it('when parts land out of order while others arrive, with or without a declared size, then each is hashed at its turn and the digest is right', async () => {
    for (const declare of [true, false]) {
      const { store: s, buffers } = store();
      const { sha256, expected } = await parallelParts(s, `parallel-${declare}.bin`, declare);
      expect(sha256).toBe(expected);
      expect(buffers.acquired).toBe(2 * 4);
    }
  });

  it('when the worker of the hasher is lost during an upload, then completing names no digest (the object hasher repairs it), and the next upload is hashed again', async () => {
    const hasher = createBlobHasher();
    const { store: s } = store(hasher);
    await s.ensureBucket(BUCKET);
    const uploadId = await s.createMultipartUpload(BUCKET, 'lost.bin', 'application/octet-stream');
    const parts = [randomBytes(SEGMENT), randomBytes(SEGMENT)];
    const first = await s.uploadPart(BUCKET, 'lost.bin', uploadId, 1, once(parts[0] as Buffer), {});
    await hasher.close();
    const second = await s.uploadPart(BUCKET, 'lost.bin', uploadId, 2, once(parts[1] as Buffer), {});
    expect((await s.completeMultipartUpload(BUCKET, 'lost.bin', uploadId, [first, second], 0)).sha256).toBeUndefined();

    const { sha256, expected } = await parallelParts(s, 'after-lost.bin', true);
    expect(sha256).toBe(expected);
    await hasher.close();
  });

  it('when a part fails half way and is sent again, then the digest holds only the bytes that landed', async () => {
    const { store: s } = store();
    await s.ensureBucket(BUCKET);
    const uploadId = await s.createMultipartUpload(BUCKET, 'retried.bin', 'application/octet-stream');
    const parts = [randomBytes(2 * SEGMENT), randomBytes(SEGMENT + 3)];
    async function* broken() {
      yield (parts[0] as Buffer).subarray(0, 100);
      throw new Error('connection reset');
    }
    await expect(s.uploadPart(BUCKET, 'retried.bin', uploadId, 1, broken(), {})).rejects.toThrow('connection reset');
    const stored = [await s.uploadPart(BUCKET, 'retried.bin', uploadId, 1, once(parts[0] as Buffer), {}), await s.uploadPart(BUCKET, 'retried.bin', uploadId, 2, once(parts[1] as Buffer), {})];
    expect((await s.completeMultipartUpload(BUCKET, 'retried.bin', uploadId, stored, 0)).sha256).toBe(sha(...parts));
  });

  it('when the parts hashed are not the parts the object is made of, then completing names no digest (the object hasher repairs it)', async () => {
    const { store: s } = store();
    await s.ensureBucket(BUCKET);
    const uploadId = await s.createMultipartUpload(BUCKET, 'replaced.bin', 'application/octet-stream');
    await s.uploadPart(BUCKET, 'replaced.bin', uploadId, 1, once(randomBytes(SEGMENT)), {});
    const replaced = await s.uploadPart(BUCKET, 'replaced.bin', uploadId, 1, once(randomBytes(SEGMENT)), {});
    const object = await s.completeMultipartUpload(BUCKET, 'replaced.bin', uploadId, [replaced], 0);
    expect(object.sha256).toBeUndefined();
    expect((await s.head(BUCKET, 'replaced.bin'))?.sha256).toBeUndefined();
  });

  it('when a whole object is put, then its manifest names its SHA-256', async () => {
    const { store: s } = store();
    await s.ensureBucket(BUCKET);
    const bytes = randomBytes(2 * SEGMENT + 9);
    await s.putObject(BUCKET, 'single.bin', once(bytes), { contentType: 'application/octet-stream' });
    expect((await s.head(BUCKET, 'single.bin'))?.sha256).toBe(sha(bytes));
  });
});

describe('uploads that ended', () => {
  it('when a part lands after its upload was aborted or completed, then it is not hashed and the upload stays ended', async () => {
    const hasher = createBlobHasher();
    const d = createUploadDigests({ hasher });
    const part = (partNumber: number) => ({ partNumber, etag: `e${partNumber}`, size: 100, path: `/nonexistent/part-${partNumber}`, dataKey: randomBytes(32) });
    d.begin('aborted', 1);
    d.begin('aborted', 2);
    d.forget('aborted');
    d.landed('aborted', part(2));
    d.begin('aborted', 3);
    expect(await d.complete('aborted', [{ partNumber: 2, etag: 'e2' }])).toBeUndefined();
    await hasher.close();
  });
});
