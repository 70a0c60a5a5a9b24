import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { walk } from './local-layout';
import { once, readAll } from './byte-streams.fixture';
import { createLocalObjectStore } from './local-object-store';
import { createSegmentBufferPool } from './segment-buffer-pool';

const SEGMENT = 4096;
const BUCKET = 'ferry-rotate';
const buffers = createSegmentBufferPool();

/** Every file of the store with its bytes. */
async function snapshot(rootDir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const path of await walk(rootDir)) files.set(path, await readFile(path));
  return files;
}

describe('re-wrapping the local driver\'s data keys', () => {
  let rootDir: string;
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const open = (masterKey: Buffer, previousMasterKey?: Buffer) => createLocalObjectStore({ rootDir, masterKey, previousMasterKey, buffers, segmentSize: SEGMENT });
  beforeEach(async () => {
    rootDir = await mkdtemp(join(tmpdir(), 'ferry-rotate-'));
  });
  afterEach(() => rm(rootDir, { recursive: true, force: true }));

  it('when an upload is in progress during the rotation, then its parts are re-wrapped too and it completes under the new key alone', async () => {
    const before = open(oldKey);
    await before.ensureBucket(BUCKET);
    const uploadId = await before.createMultipartUpload(BUCKET, 'k/parts.bin', 'application/octet-stream');
    const first = randomBytes(2 * SEGMENT + 7);
    const part1 = await before.uploadPart(BUCKET, 'k/parts.bin', uploadId, 1, once(first), {});

    expect(await open(newKey, oldKey).rewrapDataKeys()).toMatchObject({ rewrapped: 1, alreadyCurrent: 0, unreadable: [] });
    const after = open(newKey);
    const second = randomBytes(SEGMENT);
    const part2 = await after.uploadPart(BUCKET, 'k/parts.bin', uploadId, 2, once(second), {});
    await after.completeMultipartUpload(BUCKET, 'k/parts.bin', uploadId, [part1, part2], 0);
    expect(await readAll(await after.read(BUCKET, 'k/parts.bin'))).toEqual(Buffer.concat([first, second]));
    await expect(readAll(await open(oldKey).read(BUCKET, 'k/parts.bin'))).rejects.toThrow();
  });

  it('when an object is wrapped by neither key, then it is reported and left byte for byte as it was', async () => {
    const stranger = open(randomBytes(32));
    await stranger.ensureBucket(BUCKET);
    await stranger.putObject(BUCKET, 'k/foreign.bin', [randomBytes(100)], { contentType: 'application/octet-stream' });
    const known = open(oldKey);
    await known.putObject(BUCKET, 'k/known.bin', [randomBytes(100)], { contentType: 'application/octet-stream' });
    const files = await snapshot(rootDir);

    const report = await open(newKey, oldKey).rewrapDataKeys();
    expect(report.rewrapped).toBe(1);
    expect(report.unreadable).toEqual([expect.stringMatching(/^ferry-rotate\/blobs\//)]);
    expect((await snapshot(rootDir)).get(join(rootDir, report.unreadable[0]!))).toEqual(files.get(join(rootDir, report.unreadable[0]!)));
  });

  it('when it runs again, then nothing is re-wrapped a second time', async () => {
    const store = open(oldKey);
    await store.ensureBucket(BUCKET);
    await store.putObject(BUCKET, 'k/a.bin', [randomBytes(10)], { contentType: 'application/octet-stream' });
    await store.copyObject(BUCKET, 'k/a.bin', 'k/b.bin');

    // The copy is a hard link of the same blob: re-wrapped once, then seen as current.
    expect(await open(newKey, oldKey).rewrapDataKeys()).toMatchObject({ rewrapped: 1, alreadyCurrent: 1 });
    expect(await open(newKey, oldKey).rewrapDataKeys()).toMatchObject({ rewrapped: 0, alreadyCurrent: 2 });
  });
});
