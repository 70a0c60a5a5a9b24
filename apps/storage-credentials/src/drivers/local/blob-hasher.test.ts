import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBlobHasher } from './blob-hasher';
import { once } from './byte-streams.fixture';
import { writeEncryptedObject } from './encrypted-object';
import { createSegmentBufferPool } from './segment-buffer-pool';

const SEGMENT = 1024;
const dir = mkdtempSync(join(tmpdir(), 'ferry-blob-hasher-'));
const buffers = createSegmentBufferPool();
const hasher = createBlobHasher();
afterAll(async () => {
  await hasher.close();
  rmSync(dir, { recursive: true, force: true });
});

const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest('hex');
let blobs = 0;
async function blob(bytes: Buffer, segmentSize = SEGMENT) {
  const path = join(dir, `blob-${(blobs += 1)}`);
  const written = await writeEncryptedObject(path, once(bytes), { masterKey: randomBytes(32), buffers, segmentSize, sha256: false });
  return { path, dataKey: written.dataKey };
}

describe('the blob hasher (a worker thread)', () => {
  it('when blobs are added in order, then the digest is the SHA-256 of their plaintexts one after another', async () => {
    // Sizes around the segment size and a 64 KiB piece of the worker's decryption, and an empty blob.
    const parts = [randomBytes(3 * SEGMENT + 5), randomBytes(0), randomBytes(SEGMENT), randomBytes(200 * 1024 + 3)];
    const written = [await blob(parts[0] as Buffer), await blob(parts[1] as Buffer), await blob(parts[2] as Buffer), await blob(parts[3] as Buffer, 128 * 1024)];
    await Promise.all(written.map((b) => hasher.add(1, b)));
    expect(await hasher.digest(1)).toBe(sha(...parts));
  });

  it('when a blob was tampered with or is gone, then its add fails and so does the digest (no digest of the bytes that were hashed)', async () => {
    const first = await blob(randomBytes(2 * SEGMENT));
    const tampered = await blob(randomBytes(2 * SEGMENT));
    const bytes = readFileSync(tampered.path);
    bytes[100] = (bytes[100] as number) ^ 1;
    writeFileSync(tampered.path, bytes);
    await hasher.add(2, first);
    await expect(hasher.add(2, tampered)).rejects.toThrow(/Blob hasher/);
    await expect(hasher.add(2, first)).rejects.toThrow(/earlier blob/);
    await expect(hasher.digest(2)).rejects.toThrow(/Blob hasher/);

    await expect(hasher.add(3, { path: join(dir, 'nothing-here'), dataKey: randomBytes(32) })).rejects.toThrow(/ENOENT/);
    await expect(hasher.digest(3)).rejects.toThrow();
  });

  it('when the worker is lost in the middle of a hash, then that hash fails, and a new hash starts on a new worker', async () => {
    const own = createBlobHasher();
    const parts = [randomBytes(SEGMENT), randomBytes(SEGMENT)];
    await own.add(1, await blob(parts[0] as Buffer));
    await own.close();
    const second = await blob(parts[1] as Buffer);
    await expect(own.add(1, second)).rejects.toThrow(/lost/);
    await expect(own.digest(1)).rejects.toThrow(/lost/);
    await own.add(2, second);
    expect(await own.digest(2)).toBe(sha(parts[1] as Buffer));
    await own.close();
  });
});
