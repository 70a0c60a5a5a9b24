import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encryptedObjectSize, readEncryptedRange, writeEncryptedObject } from './encrypted-object';
import { createSegmentBufferPool } from './segment-buffer-pool';

const SEGMENT = 1024;
const dir = mkdtempSync(join(tmpdir(), 'ferry-enc-'));
const masterKey = randomBytes(32);
const buffers = createSegmentBufferPool();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function* chunks(data: Buffer, size = 333): AsyncGenerator<Buffer> {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

async function readAll(path: string, start?: number, end?: number, key = masterKey): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of readEncryptedRange(path, key, buffers, start, end)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('encrypted objects', () => {
  it.each([0, 1, SEGMENT - 1, SEGMENT, SEGMENT + 1, 3 * SEGMENT + 512])('when %i bytes are written, then they read back whole, with size and SHA-256', async (length) => {
    const data = randomBytes(length);
    const path = join(dir, `obj-${length}`);
    const written = await writeEncryptedObject(path, chunks(data), { masterKey, buffers, segmentSize: SEGMENT });
    expect(written).toMatchObject({ size: length, sha256: createHash('sha256').update(data).digest('hex') });
    expect(written.sealDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(await encryptedObjectSize(path, masterKey)).toBe(length);
    expect((await readAll(path)).equals(data)).toBe(true);
    if (length > 16) expect(readFileSync(path).includes(data.subarray(0, 16))).toBe(false);
  });

  it('when a range is read, then exactly those bytes come back, across segment boundaries', async () => {
    const data = randomBytes(5 * SEGMENT + 77);
    const path = join(dir, 'ranged');
    await writeEncryptedObject(path, chunks(data), { masterKey, buffers, segmentSize: SEGMENT });
    for (const [start, end] of [[0, 0], [SEGMENT - 1, SEGMENT], [1500, 3999], [5 * SEGMENT, 5 * SEGMENT + 76], [2 * SEGMENT, undefined]] as Array<[number, number | undefined]>) {
      expect((await readAll(path, start, end)).equals(data.subarray(start, end === undefined ? undefined : end + 1))).toBe(true);
    }
  });

  it('when a ciphertext byte is changed, then reading that segment fails', async () => {
    const path = join(dir, 'tampered');
    await writeEncryptedObject(path, chunks(randomBytes(3 * SEGMENT)), { masterKey, buffers, segmentSize: SEGMENT });
    const bytes = readFileSync(path);
    bytes[76 + SEGMENT + 28 + 40]! ^= 0x01;
    writeFileSync(path, bytes);
    await expect(readAll(path, SEGMENT, 2 * SEGMENT - 1)).rejects.toThrow();
    expect((await readAll(path, 0, SEGMENT - 1)).length).toBe(SEGMENT);
  });

  it('when the master key is wrong, then nothing can be read', async () => {
    const path = join(dir, 'wrong-key');
    await writeEncryptedObject(path, chunks(randomBytes(100)), { masterKey, buffers, segmentSize: SEGMENT });
    await expect(readAll(path, 0, undefined, randomBytes(32))).rejects.toThrow();
  });

  it('when segments are cut off or swapped, then reading fails', async () => {
    const path = join(dir, 'cut');
    await writeEncryptedObject(path, chunks(randomBytes(3 * SEGMENT)), { masterKey, buffers, segmentSize: SEGMENT });
    const whole = readFileSync(path);
    const sealedSegment = SEGMENT + 28;
    // Cut the last segment and claim a size of two segments: segment 1 was not sealed as last.
    const cut = Buffer.from(whole.subarray(0, 76 + 2 * sealedSegment));
    cut.writeBigUInt64BE(BigInt(2 * SEGMENT), 8);
    writeFileSync(path, cut);
    await expect(readAll(path)).rejects.toThrow();
    // Swap segments 0 and 1.
    const swapped = Buffer.concat([whole.subarray(0, 76), whole.subarray(76 + sealedSegment, 76 + 2 * sealedSegment), whole.subarray(76, 76 + sealedSegment), whole.subarray(76 + 2 * sealedSegment)]);
    writeFileSync(path, swapped);
    await expect(readAll(path, 0, SEGMENT - 1)).rejects.toThrow();
  });

  it('when several objects are written and read at once through the shared segment buffers, then each comes back byte-exact', async () => {
    const datas = [0, 1, 2, 3, 4, 5].map((i) => randomBytes(4 * SEGMENT + 100 * i));
    const paths = datas.map((_, i) => join(dir, `concurrent-${i}`));
    await Promise.all(datas.map((data, i) => writeEncryptedObject(paths[i] as string, chunks(data, 97 + i * 50), { masterKey, buffers, segmentSize: SEGMENT })));
    const reads = await Promise.all(paths.flatMap((path) => [readAll(path), readAll(path, SEGMENT + 3, 3 * SEGMENT)]));
    datas.forEach((data, i) => {
      expect(reads[2 * i]?.equals(data)).toBe(true);
      expect(reads[2 * i + 1]?.equals(data.subarray(SEGMENT + 3, 3 * SEGMENT + 1))).toBe(true);
    });
  });

  it('when a reader stops after the first chunk, then later reads that reuse its buffers are still exact', async () => {
    const data = randomBytes(6 * SEGMENT);
    const path = join(dir, 'stopped');
    await writeEncryptedObject(path, chunks(data), { masterKey, buffers, segmentSize: SEGMENT });
    for (let round = 0; round < 3; round += 1) {
      const stopped = (async () => {
        for await (const part of readEncryptedRange(path, masterKey, buffers)) return part as Buffer;
        return Buffer.alloc(0);
      })();
      const [first, whole] = await Promise.all([stopped, readAll(path)]);
      expect(first.equals(data.subarray(0, SEGMENT))).toBe(true);
      expect(whole.equals(data)).toBe(true);
    }
  });

  it('when the source fails mid-write, then no object and no partial file are left', async () => {
    const path = join(dir, 'killed');
    async function* failing(): AsyncGenerator<Buffer> {
      yield randomBytes(2 * SEGMENT);
      throw new Error('connection reset');
    }
    await expect(writeEncryptedObject(path, failing(), { masterKey, buffers, segmentSize: SEGMENT })).rejects.toThrow('connection reset');
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir).filter((name) => name.startsWith('killed'))).toEqual([]);
  });
});
