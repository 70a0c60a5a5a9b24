import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { once, readAll } from './byte-streams.fixture';
import { createLocalObjectStore } from './local-object-store';
import { createSegmentBufferPool, type SegmentBufferPool } from './segment-buffer-pool';

const SEGMENT = 4096;

/** The pool the store is given, counting what it hands out and gets back. */
function countingPool(): SegmentBufferPool & { out: Set<Buffer>; acquired: number } {
  const pool = createSegmentBufferPool();
  const counting = {
    out: new Set<Buffer>(),
    acquired: 0,
    acquire(length: number) {
      const buffer = pool.acquire(length);
      counting.acquired += 1;
      counting.out.add(buffer);
      return buffer;
    },
    release(buffer: Buffer) {
      counting.out.delete(buffer);
      pool.release(buffer);
    },
  };
  return counting;
}

describe('local object store', () => {
  let rootDir: string;
  beforeAll(async () => {
    rootDir = await mkdtemp(join(tmpdir(), 'ferry-local-store-'));
  });
  afterAll(() => rm(rootDir, { recursive: true, force: true }));

  it('when objects and parts are written and read, then every segment buffer comes from the given pool and goes back to it', async () => {
    const buffers = countingPool();
    const store = createLocalObjectStore({ rootDir, masterKey: randomBytes(32), buffers, segmentSize: SEGMENT });
    await store.ensureBucket('ferry-pool');
    const whole = randomBytes(3 * SEGMENT + 5);
    await store.putObject('ferry-pool', 'a/whole.bin', [whole], { contentType: 'application/octet-stream' });
    const uploadId = await store.createMultipartUpload('ferry-pool', 'a/parts.bin', 'application/octet-stream');
    const parts = [randomBytes(2 * SEGMENT), randomBytes(SEGMENT + 1)];
    const stored = await Promise.all(parts.map((bytes, i) => store.uploadPart('ferry-pool', 'a/parts.bin', uploadId, i + 1, once(bytes), {})));
    await store.completeMultipartUpload('ferry-pool', 'a/parts.bin', uploadId, stored, 0);

    expect(await readAll(await store.read('ferry-pool', 'a/whole.bin'))).toEqual(whole);
    expect(await readAll(await store.read('ferry-pool', 'a/parts.bin', SEGMENT, 2 * SEGMENT + 10))).toEqual(Buffer.concat(parts).subarray(SEGMENT, 2 * SEGMENT + 11));
    // Two per write (one object, two parts), two per read.
    expect(buffers.acquired).toBeGreaterThanOrEqual(3 * 2 + 2 * 2);
    expect(buffers.out.size).toBe(0);
  });
});
