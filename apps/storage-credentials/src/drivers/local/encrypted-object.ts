import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';

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
    let pending: Buffer | null = null;
    // Chunks are gathered and joined once per segment: joining on every chunk would copy each
    // segment about (segment size / chunk size) / 2 times.
    let chunks: Buffer[] = [];
    let gathered = 0;

    const flush = async (plain: Buffer, isLast: boolean) => {
      const iv = randomBytes(IV_SIZE);
      const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
      cipher.setAAD(segmentAad(index, isLast));
      const sealed = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
      await file.write(sealed, 0, sealed.length, position);
      position += sealed.length;
      index += 1;
    };

    for await (const chunk of source) {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      hash.update(bytes);
      size += bytes.length;
      chunks.push(bytes);
      gathered += bytes.length;
      if (gathered < segmentSize) continue;
      let joined = Buffer.concat(chunks, gathered);
      while (joined.length >= segmentSize) {
        // A full segment is held back until more data shows it is not the last one.
        if (pending) await flush(pending, false);
        pending = joined.subarray(0, segmentSize);
        joined = joined.subarray(segmentSize);
      }
      chunks = joined.length > 0 ? [joined] : [];
      gathered = joined.length;
    }
    const rest = Buffer.concat(chunks, gathered);
    if (pending && rest.length > 0) {
      await flush(pending, false);
      await flush(rest, true);
    } else {
      await flush(pending ?? rest, true);
    }
    const sizeField = Buffer.alloc(8);
    sizeField.writeBigUInt64BE(BigInt(size));
    await file.write(sizeField, 0, 8, 8);
    await file.datasync();
    await file.close();
    await rename(temporary, path);
    return { size, sha256: hash.digest('hex') };
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}

async function readExactly(file: FileHandle, length: number, position: number): Promise<Buffer> {
  const out = Buffer.alloc(length);
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
 * Streams plaintext bytes `start`..`end` (inclusive) of an object, decrypting only the
 * segments that hold them. A tampered or foreign segment fails authentication.
 */
export function readEncryptedRange(path: string, masterKey: Buffer, start = 0, end?: number): Readable {
  async function* generate(): AsyncGenerator<Buffer> {
    const file = await open(path, 'r');
    try {
      const { segmentSize, size, dataKey } = await readObjectHeader(file, masterKey);
      if (size === 0) return;
      const last = Math.min(end ?? size - 1, size - 1);
      if (start > last) return;
      const lastIndex = Math.floor((size - 1) / segmentSize);
      for (let index = Math.floor(start / segmentSize); index <= Math.floor(last / segmentSize); index += 1) {
        const plainLength = index === lastIndex ? size - index * segmentSize : segmentSize;
        const sealed = await readExactly(file, plainLength + SEGMENT_OVERHEAD, HEADER_SIZE + index * (segmentSize + SEGMENT_OVERHEAD));
        const decipher = createDecipheriv('aes-256-gcm', dataKey, sealed.subarray(0, IV_SIZE));
        decipher.setAAD(segmentAad(index, index === lastIndex));
        decipher.setAuthTag(sealed.subarray(sealed.length - TAG_SIZE));
        const plain = Buffer.concat([decipher.update(sealed.subarray(IV_SIZE, sealed.length - TAG_SIZE)), decipher.final()]);
        const from = index === Math.floor(start / segmentSize) ? start - index * segmentSize : 0;
        const to = index === Math.floor(last / segmentSize) ? last - index * segmentSize + 1 : plain.length;
        yield plain.subarray(from, to);
      }
    } finally {
      await file.close();
    }
  }
  return Readable.from(generate(), { objectMode: false });
}
