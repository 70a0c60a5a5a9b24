import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';

/** Bytes read at a time: memory stays flat whatever the file's size. */
const CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * A file's SHA-256, read slice by slice (Web Crypto's digest needs the whole file in memory at
 * once). `onProgress` gets the share read, 0..1.
 */
export async function sha256OfFile(file: Blob, onProgress?: (share: number) => void): Promise<string> {
  const hash = sha256.create();
  for (let offset = 0; offset < file.size; offset += CHUNK_BYTES) {
    hash.update(new Uint8Array(await file.slice(offset, offset + CHUNK_BYTES).arrayBuffer()));
    onProgress?.(Math.min(1, (offset + CHUNK_BYTES) / file.size));
  }
  return bytesToHex(hash.digest());
}
