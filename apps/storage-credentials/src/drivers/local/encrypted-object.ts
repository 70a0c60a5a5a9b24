import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { acquireSegmentBuffer, noteTransientBytes, releaseSegmentBuffer } from './buffer-reclaimer';

/**
 * Objects of the local driver at rest: AES-256-GCM in fixed-size segments under a random
 * per-object data key, itself wrapped by the master key. A range read decrypts only the
 * segments it touches. Each segment's additional data binds its index and whether it is
 * the last one, so segments cannot be reordered, swapped between objects or cut off.
 *
 * Layout: header (76 bytes) | segment 0 | segment 1 | ...
 *   header:  "FRY1" | segment size u32 | plaintext size u64 | wrap iv (12) | wrap tag (16) | wrapped key (32)
 *   segment: iv (12) | ciphertext (<= segment size) | tag (16)
 */
export const DEFAULT_SEGMENT_SIZE = 1024 * 1024;
const MAGIC = Buffer.from('FRY1');
const HEADER_SIZE = 76;
const IV_SIZE = 12;
const TAG_SIZE = 16;
const SEGMENT_OVERHEAD = IV_SIZE + TAG_SIZE;

export interface WrittenObject {
  size: number;
  sha256: string;
}

export interface ObjectHeader {
  segmentSize: number;
  size: number;
  dataKey: Buffer;
}

function segmentAad(index: number, isLast: boolean): Buffer {
  const aad = Buffer.alloc(9);
  aad.writeBigUInt64BE(BigInt(index));
  aad.writeUInt8(isLast ? 1 : 0, 8);
  return aad;
}

function checkMasterKey(masterKey: Buffer): void {
  if (masterKey.length !== 32) throw new Error('The master key must be 32 bytes');
}

/** Writes every buffer at `position` with as few `writev` calls as the kernel allows. */
async function writeAll(file: FileHandle, buffers: Buffer[], position: number): Promise<void> {
  let rest = buffers;
  while (rest.length > 0) {
    const { bytesWritten } = await file.writev(rest, position);
    position += bytesWritten;
    let skipped = bytesWritten;
    let first = 0;
    while (first < rest.length && skipped >= (rest[first] as Buffer).length) {
      skipped -= (rest[first] as Buffer).length;
      first += 1;
    }
    rest = rest.slice(first);
    if (skipped > 0 && rest.length > 0) rest = [(rest[0] as Buffer).subarray(skipped), ...rest.slice(1)];
  }
}

/**
 * Encrypts `source` into `path`. Bytes go to a temporary file that is renamed into place
 * only when complete, so a killed write never leaves an object (or a part) that counts.
 */
export async function writeEncryptedObject(
  path: string,
  source: AsyncIterable<Uint8Array>,
  masterKey: Buffer,
  segmentSize = DEFAULT_SEGMENT_SIZE,
): Promise<WrittenObject> {
  checkMasterKey(masterKey);
  const temporary = `${path}.${randomBytes(6).toString('hex')}.partial`;
  const file = await open(temporary, 'w');
  // One write is kept in flight while the next segment is read and sealed.
  let writing: Promise<unknown> = Promise.resolve();
  let buffers: Buffer[] = [];
  try {
    const dataKey = randomBytes(32);
    const wrapIv = randomBytes(IV_SIZE);
    const wrapper = createCipheriv('aes-256-gcm', masterKey, wrapIv);
    wrapper.setAAD(MAGIC);
    const wrappedKey = Buffer.concat([wrapper.update(dataKey), wrapper.final()]);
    const header = Buffer.alloc(HEADER_SIZE);
    MAGIC.copy(header, 0);
    header.writeUInt32BE(segmentSize, 4);
    wrapIv.copy(header, 16);
    wrapper.getAuthTag().copy(header, 28);
    wrappedKey.copy(header, 44);
    await file.write(header, 0, HEADER_SIZE, 0);

    const hash = createHash('sha256');
    let position = HEADER_SIZE;
    let index = 0;
    let size = 0;
    // The plaintext is gathered into two reused segment buffers: `current` fills while `pending`,
    // a full segment, is held back until more data shows it is not the last one. A sealed
    // segment is copied into a third one for its write. So a request body chunk or a cipher
    // output is dropped as soon as it is copied, and what waits on the network or the disk is
    // always a reused buffer (see buffer-reclaimer.ts).
    buffers = [acquireSegmentBuffer(segmentSize), acquireSegmentBuffer(segmentSize), acquireSegmentBuffer(segmentSize + SEGMENT_OVERHEAD)];
    const [first, second, out] = buffers as [Buffer, Buffer, Buffer];
    let current = first;
    let filled = 0;
    let pending: Buffer | null = null;

    const seal = async (plain: Buffer, isLast: boolean) => {
      // The previous segment's write still reads from `out`.
      await writing;
      const iv = randomBytes(IV_SIZE);
      const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
      cipher.setAAD(segmentAad(index, isLast));
      iv.copy(out, 0);
      const sealedLength = cipher.update(plain).copy(out, IV_SIZE);
      cipher.final();
      cipher.getAuthTag().copy(out, IV_SIZE + sealedLength);
      const length = sealedLength + SEGMENT_OVERHEAD;
      writing = writeAll(file, [out.subarray(0, length)], position);
      // Its failure surfaces where it is awaited; this only keeps it from being "unhandled" meanwhile.
      writing.catch(() => undefined);
      position += length;
      index += 1;
      noteTransientBytes(2 * plain.length);
    };

    for await (const chunk of source) {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (bytes.length === 0) continue;
      hash.update(bytes);
      size += bytes.length;
      let copied = 0;
      while (copied < bytes.length) {
        if (filled === segmentSize) {
          const full = current;
          if (pending) await seal(pending, false);
          current = pending ?? second;
          pending = full;
          filled = 0;
        }
        const n = bytes.copy(current, filled, copied, Math.min(bytes.length, copied + segmentSize - filled));
        filled += n;
        copied += n;
      }
    }
    if (pending && filled > 0) {
      await seal(pending, false);
      await seal(current.subarray(0, filled), true);
    } else {
      await seal(pending ?? current.subarray(0, filled), true);
    }
    await writing;
    const sizeField = Buffer.alloc(8);
    sizeField.writeBigUInt64BE(BigInt(size));
    await file.write(sizeField, 0, 8, 8);
    await file.datasync();
    await file.close();
    await rename(temporary, path);
    return { size, sha256: hash.digest('hex') };
  } catch (error) {
    await writing.catch(() => undefined);
    await file.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  } finally {
    // Every seal has finished with them (the last write was awaited above or in `catch`).
    for (const buffer of buffers) releaseSegmentBuffer(buffer);
  }
}

async function readExactly(file: FileHandle, length: number, position: number): Promise<Buffer> {
  return readInto(file, Buffer.alloc(length), position);
}

/** Fills `out` from `position`; a short file is an error. */
async function readInto(file: FileHandle, out: Buffer, position: number): Promise<Buffer> {
  const length = out.length;
  let done = 0;
  while (done < length) {
    const { bytesRead } = await file.read(out, done, length - done, position + done);
    if (bytesRead === 0) throw new Error('Encrypted object is truncated');
    done += bytesRead;
  }
  return out;
}

export async function readObjectHeader(file: FileHandle, masterKey: Buffer): Promise<ObjectHeader> {
  checkMasterKey(masterKey);
  const header = await readExactly(file, HEADER_SIZE, 0);
  if (!header.subarray(0, 4).equals(MAGIC)) throw new Error('Not an encrypted Ferry object');
  const unwrapper = createDecipheriv('aes-256-gcm', masterKey, header.subarray(16, 28));
  unwrapper.setAAD(MAGIC);
  unwrapper.setAuthTag(header.subarray(28, 44));
  const dataKey = Buffer.concat([unwrapper.update(header.subarray(44, 76)), unwrapper.final()]);
  return { segmentSize: header.readUInt32BE(4), size: Number(header.readBigUInt64BE(8)), dataKey };
}

/** The plaintext size, from the header (HEAD answers without decrypting anything). */
export async function encryptedObjectSize(path: string, masterKey: Buffer): Promise<number> {
  const file = await open(path, 'r');
  try {
    return (await readObjectHeader(file, masterKey)).size;
  } finally {
    await file.close();
  }
}

/**
 * The two read buffers of a range read, reusable across the blobs of one object. They come
 * from the segment buffer pool; `release` gives them back once no read into them is pending.
 */
export class SegmentReadBuffers {
  private buffers: readonly [Buffer, Buffer] | null = null;

  forSegmentSize(segmentSize: number): readonly [Buffer, Buffer] {
    const length = segmentSize + SEGMENT_OVERHEAD;
    if (!this.buffers || this.buffers[0].length !== length) {
      this.release();
      this.buffers = [acquireSegmentBuffer(length), acquireSegmentBuffer(length)];
    }
    return this.buffers;
  }

  release(): void {
    if (this.buffers) for (const buffer of this.buffers) releaseSegmentBuffer(buffer);
    this.buffers = null;
  }
}

/**
 * Yields plaintext bytes `start`..`end` (inclusive) of an object, decrypting only the segments
 * that hold them. Each segment is authenticated before any of its bytes are yielded, so a
 * tampered or foreign segment fails without releasing a byte of it. The next segment is read
 * from disk while the current one is decrypted; the two read buffers are reused throughout.
 */
export async function* encryptedRangeChunks(
  path: string,
  masterKey: Buffer,
  start = 0,
  end?: number,
  readBuffers?: SegmentReadBuffers,
): AsyncGenerator<Buffer> {
  const file = await open(path, 'r');
  const buffersOf = readBuffers ?? new SegmentReadBuffers();
  let next: Promise<Buffer> | null = null;
  try {
    const { segmentSize, size, dataKey } = await readObjectHeader(file, masterKey);
    if (size === 0) return;
    const last = Math.min(end ?? size - 1, size - 1);
    if (start > last) return;
    const lastIndex = Math.floor((size - 1) / segmentSize);
    const firstWanted = Math.floor(start / segmentSize);
    const lastWanted = Math.floor(last / segmentSize);
    const buffers = buffersOf.forSegmentSize(segmentSize);
    const readSegment = (index: number): Promise<Buffer> => {
      const plainLength = index === lastIndex ? size - index * segmentSize : segmentSize;
      const target = (buffers[index % 2] as Buffer).subarray(0, plainLength + SEGMENT_OVERHEAD);
      return readInto(file, target, HEADER_SIZE + index * (segmentSize + SEGMENT_OVERHEAD));
    };
    next = readSegment(firstWanted);
    for (let index = firstWanted; index <= lastWanted; index += 1) {
      const sealed: Buffer = await (next as Promise<Buffer>);
      next = index < lastWanted ? readSegment(index + 1) : null;
      // Kept from being "unhandled" while this segment is decrypted; awaited on the next turn.
      next?.catch(() => undefined);
      const decipher = createDecipheriv('aes-256-gcm', dataKey, sealed.subarray(0, IV_SIZE));
      decipher.setAAD(segmentAad(index, index === lastIndex));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_SIZE));
      const plain = decipher.update(sealed.subarray(IV_SIZE, sealed.length - TAG_SIZE));
      decipher.final();
      noteTransientBytes(plain.length);
      const from = index === firstWanted ? start - index * segmentSize : 0;
      const to = index === lastWanted ? last - index * segmentSize + 1 : plain.length;
      yield from === 0 && to === plain.length ? plain : plain.subarray(from, to);
    }
  } finally {
    // Also when the consumer stops early: no read may still be filling a buffer that is reused.
    await next?.catch(() => undefined);
    await file.close();
    if (!readBuffers) buffersOf.release();
  }
}

/** `encryptedRangeChunks` as a byte stream. */
export function readEncryptedRange(path: string, masterKey: Buffer, start = 0, end?: number): Readable {
  return Readable.from(encryptedRangeChunks(path, masterKey, start, end), { objectMode: false });
}
