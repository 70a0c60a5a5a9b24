import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { noteTransientBytes } from './buffer-reclaimer';
import { checkMasterKey, MAGIC, unwrapDataKey, wrapDataKey, WRAP_OFFSET, type MasterKeys } from './data-key-wrap';
import type { SegmentBufferPool } from './segment-buffer-pool';

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
const HEADER_SIZE = 76;
const IV_SIZE = 12;
const TAG_SIZE = 16;
const SEGMENT_OVERHEAD = IV_SIZE + TAG_SIZE;

/** The layout's sizes, for the blob hasher's worker (blob-hasher.ts), which reads blobs without this module. */
export const BLOB_LAYOUT = { magic: MAGIC.toString('latin1'), headerSize: HEADER_SIZE, ivSize: IV_SIZE, tagSize: TAG_SIZE } as const;

export interface WrittenObject {
  size: number;
  /** SHA-256 of the plaintext, when asked for (`sha256: true`). */
  sha256?: string;
  /** SHA-256 of the segments' GCM tags and the size: identifies this copy of the bytes (a part's ETag) at no extra pass. */
  sealDigest: string;
  /** The object's data key (stored only wrapped): a part's blob is hashed back with it (blob-hasher.ts). */
  dataKey: Buffer;
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

/** A fresh data key and the header that holds it wrapped by the master key; the plaintext size is filled in last. */
function sealedHeader(masterKey: Buffer, segmentSize: number): { header: Buffer; dataKey: Buffer } {
  const dataKey = randomBytes(32);
  const header = Buffer.alloc(HEADER_SIZE);
  MAGIC.copy(header, 0);
  header.writeUInt32BE(segmentSize, 4);
  wrapDataKey(dataKey, masterKey).copy(header, WRAP_OFFSET);
  return { header, dataKey };
}

/**
 * Segments between two flushes of what was written so far (`fdatasync`, not awaited): when the
 * object ends, its closing `fdatasync` finds little left to write. Measured with the upload bench
 * (1 GiB, 16 MiB parts, 4 in flight, 2026-11-29): the closing sync of a 16 MiB part took a median
 * 32-34 ms, during which its request could not answer and its slot sent nothing; flushing every 4
 * segments brought it to 1-4 ms (plus 3-6 ms waiting for the last flush) and the rate from 0.60-0.69
 * to 0.68-0.80 of the baseline (every 2: 0.77, every 8: 0.73). At 64 MiB parts it made no clear
 * difference (0.80-0.81 with it, 0.71-0.85 without, interleaved).
 */
const FLUSH_EVERY_SEGMENTS = 4;

/**
 * Seals segments in order; one write is kept in flight while the next segment is gathered. Each
 * segment is written as iv | the cipher's own output | tag, without copying the output into a
 * reused buffer first: the upload bench (1 GiB, 16 MiB parts, 3 interleaved pairs, 2026-11-29, with
 * the images' allocator settings) gave 554-568 MB/s at 2.57-2.60 storage CPU s/GiB against 488-528 at
 * 2.66-2.83 with the copy. (Before those settings the output's fresh pages cost more than the copy,
 * and the change measured nothing.)
 */
class SegmentSealer {
  private writing: Promise<unknown> = Promise.resolve();
  /** A flush under way (FLUSH_EVERY_SEGMENTS), and the first one that failed: it is thrown at the end, never dropped. */
  private flushing: Promise<void> | null = null;
  private flushError: unknown = null;
  private position = HEADER_SIZE;
  private index = 0;
  /** Every tag in order: the GCM tags already authenticate each segment, so a digest of them names the content. */
  readonly tags = createHash('sha256');

  constructor(
    private readonly file: FileHandle,
    private readonly dataKey: Buffer,
  ) {}

  async seal(plain: Buffer, isLast: boolean): Promise<void> {
    // One write at a time: the file's writes stay in order and a slow disk holds the request back.
    await this.writing;
    const iv = randomBytes(IV_SIZE);
    const cipher = createCipheriv('aes-256-gcm', this.dataKey, iv);
    cipher.setAAD(segmentAad(this.index, isLast));
    const sealed = cipher.update(plain);
    cipher.final();
    const tag = cipher.getAuthTag();
    const length = sealed.length + SEGMENT_OVERHEAD;
    this.writing = writeAll(this.file, [iv, sealed, tag], this.position);
    this.tags.update(tag);
    // Its failure surfaces where it is awaited; this only keeps it from being "unhandled" meanwhile.
    this.writing.catch(() => undefined);
    this.position += length;
    this.index += 1;
    noteTransientBytes(2 * plain.length, 'write');
    if (this.index % FLUSH_EVERY_SEGMENTS === 0 && !this.flushing) {
      // Linux reports a writeback error to one fsync of a file description only: keep it for the end.
      this.flushing = this.writing
        .then(() => this.file.datasync())
        .catch((error: unknown) => {
          this.flushError ??= error;
        })
        .finally(() => {
          this.flushing = null;
        });
    }
  }

  /** The last segment's write and any flush under way; throws a flush's failure. */
  async written(): Promise<void> {
    await this.writing;
    await this.flushing;
    if (this.flushError) throw this.flushError;
  }
}

/**
 * Reads `source` and seals it segment by segment. The plaintext is gathered into two reused
 * segment buffers: `current` fills while `pending`, a full segment, is held back until more data
 * shows it is not the last one. So a request body chunk is dropped as soon as it is copied, and
 * what waits on the network or the disk is always a reused buffer (see buffer-reclaimer.ts).
 */
async function sealSegments(
  source: AsyncIterable<Uint8Array>,
  segmentSize: number,
  gather: readonly [Buffer, Buffer],
  sealer: SegmentSealer,
  observe: { sha256: boolean },
): Promise<Omit<WrittenObject, 'dataKey'>> {
  const hash = observe.sha256 ? createHash('sha256') : null;
  let size = 0;
  let current = gather[0];
  let filled = 0;
  let pending: Buffer | null = null;
  for await (const chunk of source) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (bytes.length === 0) continue;
    hash?.update(bytes);
    size += bytes.length;
    let copied = 0;
    while (copied < bytes.length) {
      if (filled === segmentSize) {
        const full = current;
        if (pending) await sealer.seal(pending, false);
        current = pending ?? gather[1];
        pending = full;
        filled = 0;
      }
      const n = bytes.copy(current, filled, copied, Math.min(bytes.length, copied + segmentSize - filled));
      filled += n;
      copied += n;
    }
  }
  if (pending && filled > 0) {
    await sealer.seal(pending, false);
    await sealer.seal(current.subarray(0, filled), true);
  } else {
    await sealer.seal(pending ?? current.subarray(0, filled), true);
  }
  const sizeField = Buffer.alloc(8);
  sizeField.writeBigUInt64BE(BigInt(size));
  return { size, ...(hash ? { sha256: hash.digest('hex') } : {}), sealDigest: sealer.tags.update(sizeField).digest('hex') };
}

export interface WriteEncryptedOptions {
  masterKey: Buffer;
  /** Where the two segment buffers the write gathers plaintext in come from. */
  buffers: SegmentBufferPool;
  segmentSize?: number;
  /** Whether to hash the plaintext with SHA-256 (a single PUT's object digest); parts are hashed by their upload's digest instead. */
  sha256?: boolean;
}

/**
 * Encrypts `source` into `path`. Bytes go to a temporary file that is renamed into place
 * only when complete, so a killed write never leaves an object (or a part) that counts.
 */
export async function writeEncryptedObject(path: string, source: AsyncIterable<Uint8Array>, options: WriteEncryptedOptions): Promise<WrittenObject> {
  const { masterKey, buffers: pool, segmentSize = DEFAULT_SEGMENT_SIZE, sha256 = true } = options;
  checkMasterKey(masterKey);
  const temporary = `${path}.${randomBytes(6).toString('hex')}.partial`;
  const file = await open(temporary, 'w');
  let sealer: SegmentSealer | undefined;
  let buffers: Buffer[] = [];
  try {
    const { header, dataKey } = sealedHeader(masterKey, segmentSize);
    await file.write(header, 0, HEADER_SIZE, 0);
    // Two to gather plaintext in.
    buffers = [pool.acquire(segmentSize), pool.acquire(segmentSize)];
    const [first, second] = buffers as [Buffer, Buffer];
    sealer = new SegmentSealer(file, dataKey);
    const written = await sealSegments(source, segmentSize, [first, second], sealer, { sha256 });
    await sealer.written();
    const sizeField = Buffer.alloc(8);
    sizeField.writeBigUInt64BE(BigInt(written.size));
    await file.write(sizeField, 0, 8, 8);
    await file.datasync();
    await file.close();
    await rename(temporary, path);
    return { ...written, dataKey };
  } catch (error) {
    await sealer?.written().catch(() => undefined);
    await file.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  } finally {
    // Every seal has finished with them (the last write was awaited above or in `catch`).
    for (const buffer of buffers) pool.release(buffer);
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

export async function readObjectHeader(file: FileHandle, masterKeys: MasterKeys): Promise<ObjectHeader> {
  const header = await readExactly(file, HEADER_SIZE, 0);
  if (!header.subarray(0, 4).equals(MAGIC)) throw new Error('Not an encrypted Ferry object');
  const { dataKey } = unwrapDataKey(header.subarray(WRAP_OFFSET, HEADER_SIZE), masterKeys);
  return { segmentSize: header.readUInt32BE(4), size: Number(header.readBigUInt64BE(8)), dataKey };
}

/** The plaintext size, from the header (HEAD answers without decrypting anything). */
export async function encryptedObjectSize(path: string, masterKeys: MasterKeys): Promise<number> {
  const file = await open(path, 'r');
  try {
    return (await readObjectHeader(file, masterKeys)).size;
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

  constructor(private readonly pool: SegmentBufferPool) {}

  forSegmentSize(segmentSize: number): readonly [Buffer, Buffer] {
    const length = segmentSize + SEGMENT_OVERHEAD;
    if (!this.buffers || this.buffers[0].length !== length) {
      this.release();
      this.buffers = [this.pool.acquire(length), this.pool.acquire(length)];
    }
    return this.buffers;
  }

  release(): void {
    if (this.buffers) for (const buffer of this.buffers) this.pool.release(buffer);
    this.buffers = null;
  }
}

/**
 * Yields plaintext bytes `start`..`end` (inclusive) of an object, decrypting only the segments
 * that hold them. Each segment is authenticated before any of its bytes are yielded, so a
 * tampered or foreign segment fails without releasing a byte of it. The next segment is read
 * from disk while the current one is decrypted; the two read buffers are reused throughout
 * (their holder releases them).
 */
export async function* encryptedRangeChunks(path: string, masterKeys: MasterKeys, readBuffers: SegmentReadBuffers, start = 0, end?: number): AsyncGenerator<Buffer> {
  const file = await open(path, 'r');
  let next: Promise<Buffer> | null = null;
  try {
    const { segmentSize, size, dataKey } = await readObjectHeader(file, masterKeys);
    if (size === 0) return;
    const last = Math.min(end ?? size - 1, size - 1);
    if (start > last) return;
    const lastIndex = Math.floor((size - 1) / segmentSize);
    const firstWanted = Math.floor(start / segmentSize);
    const lastWanted = Math.floor(last / segmentSize);
    const buffers = readBuffers.forSegmentSize(segmentSize);
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
      noteTransientBytes(plain.length, 'read');
      const from = index === firstWanted ? start - index * segmentSize : 0;
      const to = index === lastWanted ? last - index * segmentSize + 1 : plain.length;
      yield from === 0 && to === plain.length ? plain : plain.subarray(from, to);
    }
  } finally {
    // Also when the consumer stops early: no read may still be filling a buffer that is reused.
    await next?.catch(() => undefined);
    await file.close();
  }
}

/** `encryptedRangeChunks` of one object as a byte stream, with read buffers from `pool`. */
export function readEncryptedRange(path: string, masterKeys: MasterKeys, pool: SegmentBufferPool, start = 0, end?: number): Readable {
  async function* generate(): AsyncGenerator<Buffer> {
    const readBuffers = new SegmentReadBuffers(pool);
    try {
      yield* encryptedRangeChunks(path, masterKeys, readBuffers, start, end);
    } finally {
      readBuffers.release();
    }
  }
  return Readable.from(generate(), { objectMode: false });
}
