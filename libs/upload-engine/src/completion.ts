import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { partRunsOf, partSetText, type TCompleteUpload, type TPartSet } from '@ferry/contracts';
import type { UploadedFile } from './upload-file.types';

/** The part set of a list of landed parts (any order, each number once), or undefined when their numbers need more runs than a part set holds. */
export function partSetOf(parts: ReadonlyArray<{ partNumber: number; etag: string }>): TPartSet | undefined {
  const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
  const runs = partRunsOf(ordered.map((p) => p.partNumber));
  return runs && { runs, sha256: bytesToHex(sha256(utf8ToBytes(partSetText(ordered)))) };
}

/**
 * What `complete` needs for one uploaded file: its token, and for multipart its parts as a part set
 * (their numbers as runs and one SHA-256 over their ETags, a few hundred bytes however many parts
 * there are; a list of 2,560 parts with their ETags, 5 GB at the browser's 2 MB parts, was ~150 KB
 * of JSON, over the API's body limit). A multipart upload finished earlier names no parts.
 */
export function completionOf(file: Pick<UploadedFile, 'uploadToken' | 'parts'>): TCompleteUpload {
  if (!file.parts) return { uploadToken: file.uploadToken };
  if (file.parts.length === 0) return { uploadToken: file.uploadToken, parts: [] };
  const partSet = partSetOf(file.parts);
  return partSet ? { uploadToken: file.uploadToken, partSet } : { uploadToken: file.uploadToken, parts: file.parts };
}
