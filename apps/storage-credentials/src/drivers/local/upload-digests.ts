import type { BlobHasher } from './blob-hasher';

/**
 * The SHA-256 of a multipart upload's object, computed in file order as its parts land, so that
 * completing it needs no second pass over the object (before: every byte was hashed once per part
 * for its ETag and once more by a background re-read that decrypted the whole object — 1.3-1.8
 * CPU s per GiB on top of the upload).
 *
 * Each part is hashed when its turn comes, by the blob hasher's worker thread (blob-hasher.ts),
 * from its blob: written moments ago, it is read from the page cache and decrypted there (one part,
 * never the object). Before, the part at the hash's cursor was hashed live on the event loop and
 * the parts ahead of it were held in memory (16 MiB for all uploads) or read back on the event
 * loop; that kept the event loop ~96% busy and the upload at 0.54-0.61 of the bare baseline
 * (tools/bench/upload, 1 GiB, 16 MiB parts, 2 cores, 2026-11-29), and the held plaintext cost
 * ~16 MiB of RSS. The worker's second AES-GCM pass costs ~0.2 CPU s per GiB on the other core.
 *
 * The driver does not know where a part starts in the file (part numbers follow the client's
 * layout), so "its turn" is: the smallest landed part number above the last one hashed, once no
 * part with a number between them is still arriving. A guess that later proves wrong (a part
 * that had not started yet, or one replaced after it was handed to the hasher) is caught at
 * completion: the digest counts only when the parts hashed are exactly the parts the object is
 * made of, in order. Otherwise — and when the parts landed on another instance or before a
 * restart, or the hasher failed — the completion has no digest and the object hasher computes it
 * in the background (the repair path).
 */
export interface LandedPart {
  partNumber: number;
  etag: string;
  size: number;
  path: string;
  /** The blob's data key, from its writer: the hasher decrypts the blob with it. */
  dataKey: Buffer;
}

/** How many ended uploads are remembered, so that their late parts are ignored. */
const ENDED_KEPT = 10_000;

interface UploadState {
  /** The upload's hash on the blob hasher. */
  id: number;
  hashed: { partNumber: number; etag: string }[];
  arriving: Set<number>;
  landed: Map<number, LandedPart>;
  /** The blobs handed to the hasher and not yet hashed. */
  hashing: Promise<void>[];
  broken: boolean;
}

export interface UploadDigests {
  /** A part starts arriving. */
  begin(uploadId: string, partNumber: number): void;
  /** The part was written whole under `path`. */
  landed(uploadId: string, part: LandedPart): void;
  /** The part failed. */
  failed(uploadId: string, partNumber: number): void;
  /** The object's SHA-256 when it is exactly the parts hashed, in order; undefined otherwise. Forgets the upload. */
  complete(uploadId: string, parts: readonly { partNumber: number; etag: string }[]): Promise<string | undefined>;
  forget(uploadId: string): void;
}

export function createUploadDigests(options: { hasher: BlobHasher }): UploadDigests {
  const { hasher } = options;
  const uploads = new Map<string, UploadState>();
  let nextId = 1;

  // Uploads completed or forgotten lately: a part of theirs still landing (a slow or repeated PUT,
  // one that lost the race with an abort) is not hashed.
  const ended = new Set<string>();
  const end = (uploadId: string) => {
    uploads.delete(uploadId);
    ended.add(uploadId);
    if (ended.size > ENDED_KEPT) ended.delete(ended.values().next().value as string);
  };
  const stateOf = (uploadId: string): UploadState => {
    let state = uploads.get(uploadId);
    if (!state) {
      state = { id: nextId++, hashed: [], arriving: new Set(), landed: new Map(), hashing: [], broken: false };
      uploads.set(uploadId, state);
    }
    return state;
  };
  const lastHashed = (state: UploadState) => state.hashed.at(-1)?.partNumber ?? 0;

  /** The landed part whose turn it is, if no part before it can still arrive. */
  function nextTurn(state: UploadState, final: boolean): LandedPart | undefined {
    const after = lastHashed(state);
    let next: LandedPart | undefined;
    for (const part of state.landed.values()) if (part.partNumber > after && (!next || part.partNumber < next.partNumber)) next = part;
    if (!next || final) return next;
    for (const arriving of state.arriving) if (arriving > after && arriving < next.partNumber) return undefined;
    return next;
  }

  /** Hands every part whose turn has come to the hasher, in order. */
  function catchUp(state: UploadState, final = false): void {
    for (let part = nextTurn(state, final); part && !state.broken; part = nextTurn(state, final)) {
      state.hashing.push(
        hasher.add(state.id, part).catch(() => {
          // The blob went away (replaced, aborted) or the worker was lost: the object hasher repairs.
          state.broken = true;
        }),
      );
      state.landed.delete(part.partNumber);
      state.hashed.push({ partNumber: part.partNumber, etag: part.etag });
    }
  }

  return {
    begin(uploadId, partNumber) {
      if (ended.has(uploadId)) return;
      stateOf(uploadId).arriving.add(partNumber);
    },
    landed(uploadId, part) {
      if (ended.has(uploadId)) return;
      const state = stateOf(uploadId);
      state.arriving.delete(part.partNumber);
      // Sent again after the hasher had it: what was hashed is the copy replaced.
      if (state.hashed.some((p) => p.partNumber === part.partNumber)) state.broken = true;
      state.landed.set(part.partNumber, part);
      catchUp(state);
    },
    failed(uploadId, partNumber) {
      const state = uploads.get(uploadId);
      if (!state) return;
      state.arriving.delete(partNumber);
      catchUp(state);
    },
    async complete(uploadId, parts) {
      const state = uploads.get(uploadId);
      if (!state) return undefined;
      catchUp(state, true);
      end(uploadId);
      await Promise.all(state.hashing);
      const same = !state.broken && state.hashed.length === parts.length && parts.every((p, i) => state.hashed[i]?.partNumber === p.partNumber && state.hashed[i]?.etag === p.etag.replace(/"/g, ''));
      if (!same) {
        hasher.drop(state.id);
        return undefined;
      }
      return hasher.digest(state.id).catch(() => undefined);
    },
    forget(uploadId) {
      const state = uploads.get(uploadId);
      if (state) hasher.drop(state.id);
      end(uploadId);
    },
  };
}
