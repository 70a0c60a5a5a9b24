import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { once } from './byte-streams.fixture';
import { createLocalObjectStore } from './local-object-store';
import { createSegmentBufferPool, type SegmentBufferPool } from './segment-buffer-pool';
import { createUploadDigests } from './upload-digests';

const SEGMENT = 4096;
const BUCKET = 'ferry-digests';
const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest('hex');

/** Counts the pool's acquisitions: 3 per part written, 2 more per part read back. */
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

  function store(heldPlaintextBytes?: number) {
    const buffers = countingPool();
    return { buffers, store: createLocalObjectStore({ rootDir, masterKey: randomBytes(32), buffers, segmentSize: SEGMENT, heldPlaintextBytes }) };
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

  it('when parts land one after another in order, then each is hashed live and completing names the SHA-256 without reading anything back', async () => {
    const { store: s, buffers } = store();
    await s.ensureBucket(BUCKET);
    const uploadId = await s.createMultipartUpload(BUCKET, 'in-order.bin', 'application/octet-stream');
    const parts = [randomBytes(3 * SEGMENT), randomBytes(2 * SEGMENT + 7), randomBytes(SEGMENT - 1)];
    const stored = [];
    for (const [i, bytes] of parts.entries()) stored.push(await s.uploadPart(BUCKET, 'in-order.bin', uploadId, i * 10 + 1, once(bytes), {}));
    const object = await s.completeMultipartUpload(BUCKET, 'in-order.bin', uploadId, stored, 0);
    expect(object.sha256).toBe(sha(...parts));
    expect((await s.head(BUCKET, 'in-order.bin'))?.sha256).toBe(sha(...parts));
    expect(buffers.acquired).toBe(3 * parts.length);
  });

  it('when parts land out of order while others arrive, then the ones ahead are hashed from memory when their turn comes, without reading anything back', async () => {
    const { store: s, buffers } = store();
    const { sha256, expected } = await parallelParts(s, 'parallel.bin', true);
    expect(sha256).toBe(expected);
    // Part 1 was at the cursor (live); parts 2, 3 and 4 waited in memory: no segment buffers to read blobs back.
    expect(buffers.acquired).toBe(3 * 4);
  });

  it('when an upload held its parts ahead, then the memory is given back for the next ones (a budget of exactly three parts serves upload after upload)', async () => {
    const { store: s, buffers } = store(3 * 256 * 1024);
    for (const round of [1, 2, 3]) {
      const { sha256, expected } = await parallelParts(s, `again-${round}.bin`, true);
      expect(sha256).toBe(expected);
      expect(buffers.acquired).toBe(round * 3 * 4);
    }
  });

  it('when the parts ahead do not fit in the memory allowed, or their size is not declared, then they are read back from their blobs at their turn', async () => {
    for (const [held, declare] of [[4096, true], [undefined, false]] as const) {
      const { store: s, buffers } = store(held);
      const { sha256, expected } = await parallelParts(s, `read-back-${declare}.bin`, declare);
      expect(sha256).toBe(expected);
      // Parts 2, 3 and 4 landed ahead of part 1 and were read back once each (3 ahead parts x 2 read buffers).
      expect(buffers.acquired).toBe(3 * 4 + 2 * 3);
    }
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

describe('the memory parts wait in for their turn', () => {
  const digests = (heldBytes: number) => createUploadDigests({ masterKeys: () => ({ current: randomBytes(32) }) as never, buffers: createSegmentBufferPool(), heldBytes });
  const part = (partNumber: number, size: number) => ({ partNumber, etag: `e${partNumber}`, size, path: `/nonexistent/part-${partNumber}` });

  it('when a part waiting in memory lands after its upload was aborted or completed, then its memory is given back and the upload stays ended', async () => {
    const d = digests(256 * 1024);
    expect(d.begin('aborted', 1, 100)).not.toBeNull();
    const late = d.begin('aborted', 2, 100);
    late?.update(Buffer.alloc(100));
    d.forget('aborted');
    d.landed('aborted', part(2, 100), late);
    expect(d.begin('aborted', 3, 100)).toBeNull();
    // The one slab of the budget is free again: the next upload's part ahead waits in memory.
    expect(d.begin('next', 1, 100)).not.toBeNull();
    expect(d.begin('next', 2, 100)).not.toBeNull();
    expect(d.begin('next', 3, 100)).toBeNull();
    expect(await d.complete('aborted', [])).toBeUndefined();
  });
});
