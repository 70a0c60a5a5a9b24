import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';

/**
 * The wrapped data key in an object's header (see encrypted-object.ts): bytes 16..76 are the wrap's
 * IV (12), tag (16) and the data key sealed by the master key (32), with the header's magic as
 * additional data. The 76-byte header has no room for a key id and segments start right after it,
 * so the wrap's GCM tag tells which master key sealed it: unwrapping tries the current key, then the
 * previous one. Rotating re-wraps this field in place; no segment is read or written.
 */
export const MAGIC = Buffer.from('FRY1');
export const WRAP_OFFSET = 16;
const WRAP_SIZE = 60;
const IV_SIZE = 12;
const TAG_SIZE = 16;

/** STORAGE_MASTER_KEY, and during a rotation STORAGE_MASTER_KEY_PREVIOUS (read, never written with). */
export interface MasterKeyring {
  current: Buffer;
  previous?: Buffer;
}

/** One master key, or the pair a rotation runs with. */
export type MasterKeys = Buffer | MasterKeyring;

export function checkMasterKey(masterKey: Buffer): void {
  if (masterKey.length !== 32) throw new Error('The master key must be 32 bytes');
}

function keyringOf(keys: MasterKeys): MasterKeyring {
  return Buffer.isBuffer(keys) ? { current: keys } : keys;
}

/** A short fingerprint of a master key, for logs and the rotation's report; never the key itself. */
export function masterKeyId(masterKey: Buffer): string {
  return createHash('sha256').update('ferry-master-key-id').update(masterKey).digest('hex').slice(0, 12);
}

/** The 60-byte wrap field of a header: `dataKey` sealed by `masterKey`. */
export function wrapDataKey(dataKey: Buffer, masterKey: Buffer): Buffer {
  checkMasterKey(masterKey);
  const iv = randomBytes(IV_SIZE);
  const wrapper = createCipheriv('aes-256-gcm', masterKey, iv);
  wrapper.setAAD(MAGIC);
  const wrapped = Buffer.concat([wrapper.update(dataKey), wrapper.final()]);
  return Buffer.concat([iv, wrapper.getAuthTag(), wrapped]);
}

function unwrapWith(field: Buffer, masterKey: Buffer): Buffer | null {
  checkMasterKey(masterKey);
  const unwrapper = createDecipheriv('aes-256-gcm', masterKey, field.subarray(0, IV_SIZE));
  unwrapper.setAAD(MAGIC);
  unwrapper.setAuthTag(field.subarray(IV_SIZE, IV_SIZE + TAG_SIZE));
  try {
    return Buffer.concat([unwrapper.update(field.subarray(IV_SIZE + TAG_SIZE, WRAP_SIZE)), unwrapper.final()]);
  } catch {
    return null;
  }
}

/** The data key of a wrap field, and whether the current key sealed it; neither key opening it is an error. */
export function unwrapDataKey(field: Buffer, keys: MasterKeys): { dataKey: Buffer; isCurrent: boolean } {
  const { current, previous } = keyringOf(keys);
  const byCurrent = unwrapWith(field, current);
  if (byCurrent) return { dataKey: byCurrent, isCurrent: true };
  const byPrevious = previous ? unwrapWith(field, previous) : null;
  if (byPrevious) return { dataKey: byPrevious, isCurrent: false };
  throw new Error('The object\'s data key is wrapped by neither STORAGE_MASTER_KEY nor STORAGE_MASTER_KEY_PREVIOUS');
}

/** What re-wrapping one file found: sealed by the previous key and re-wrapped, already current, or not an object. */
export type RewrapOutcome = 'rewrapped' | 'current' | 'not-an-object';

/**
 * Re-wraps the data key of the object at `path` with the current key, when the previous key sealed it.
 * The 60 bytes are written in place, in the file's first disk sector, and synced: the segments and any
 * hard link to the file stay as they are.
 */
export async function rewrapObjectKey(path: string, keys: MasterKeyring): Promise<RewrapOutcome> {
  const file = await open(path, 'r+');
  try {
    const header = Buffer.alloc(WRAP_OFFSET + WRAP_SIZE);
    const { bytesRead } = await file.read(header, 0, header.length, 0);
    if (bytesRead < header.length || !header.subarray(0, 4).equals(MAGIC)) return 'not-an-object';
    const { dataKey, isCurrent } = unwrapDataKey(header.subarray(WRAP_OFFSET), keys);
    if (isCurrent) return 'current';
    await file.write(wrapDataKey(dataKey, keys.current), 0, WRAP_SIZE, WRAP_OFFSET);
    await file.datasync();
    return 'rewrapped';
  } finally {
    await file.close();
  }
}
