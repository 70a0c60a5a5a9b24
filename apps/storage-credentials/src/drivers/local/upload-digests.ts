import { createHash, type Hash } from 'node:crypto';
import type { MasterKeyring } from './data-key-wrap';
import { encryptedRangeChunks, SegmentReadBuffers } from './encrypted-object';
import type { SegmentBufferPool } from './segment-buffer-pool';

/**
 * The SHA-256 of a multipart upload's object, computed in file order as its parts land, so that
 * completing it needs no second pass over the object (before: every byte was hashed once per part
 * for its ETag and once more by a background re-read that decrypted the whole object — 1.3-1.8
 * CPU s per GiB on top of the upload).
 *
 * The part at the hash's cursor is hashed live, from the request's bytes as they are encrypted
 * (into a copy of the running hash, kept only when the part lands whole). A part that arrives
 * ahead of the cursor — with 4 parts in flight, most of them — is hashed when its turn comes:
 * read back from its blob, which was written moments ago and is in the page cache, and decrypted
 * (one part, never the object). Measured on the 2-core bench machine, AES-256-GCM and SHA-256
 * each cost ~0.7-1.4 s/GiB there, so this is one SHA-256 pass plus at most one extra decryption
 * of the parts that came ahead; keeping those parts' plaintext in memory instead would save the
 * decryption but hold 3 x the part size (192 MiB at 64 MiB parts) in the storage process.
 *
 * The driver does not know where a part starts in the file (part numbers follow the client's
 * layout), so "its turn" is: the smallest landed part number above the last one hashed, once no
 * part with a number between them is still arriving. A guess that later proves wrong (a part
 * that had not started yet, or one replaced after it was hashed) is caught at completion: the
 * digest counts only when the parts hashed are exactly the parts the object is made of, in
 * order. Otherwise — and when the parts landed on another instance or before a restart — the
 * completion has no digest and the object hasher computes it in the background (the repair path).
 */
export interface PartTap {
  update(bytes: Buffer): void;
}

interface LandedPart {
  partNumber: number;
  etag: string;
  size: number;
  path: string;
}

interface UploadState {
  hash: Hash;
  hashed: { partNumber: number; etag: string }[];
  arriving: Set<number>;
  landed: Map<number, LandedPart>;
  /** Bumped whenever the running hash changes: a live tap forked from an older version is stale. */
  version: number;
  catchingUp: Promise<void> | null;
  broken: boolean;
}

export interface UploadDigests {
  /** A part starts arriving; answers a tap when it is at the cursor (hashed live). */
  begin(uploadId: string, partNumber: number): PartTap | null;
  /** The part was written whole under `path` (a tap given by `begin` is settled here). */
  landed(uploadId: string, part: LandedPart, tap: PartTap | null): void;
  /** The part failed; what it fed into a tap is thrown away. */
  failed(uploadId: string, partNumber: number): void;
  /** The object's SHA-256 when it is exactly the parts hashed, in order; undefined otherwise. Forgets the upload. */
  complete(uploadId: string, parts: readonly { partNumber: number; etag: string }[]): Promise<string | undefined>;
  forget(uploadId: string): void;
}

export function createUploadDigests(options: { masterKeys: () => MasterKeyring; buffers: SegmentBufferPool }): UploadDigests {
  const uploads = new Map<string, UploadState>();

  const stateOf = (uploadId: string): UploadState => {
    let state = uploads.get(uploadId);
    if (!state) {
      state = { hash: createHash('sha256'), hashed: [], arriving: new Set(), landed: new Map(), version: 0, catchingUp: null, broken: false };
      uploads.set(uploadId, state);
    }
    return state;
  };
  const lastHashed = (state: UploadState) => state.hashed.at(-1)?.partNumber ?? 0;
  /** Whether a part between the cursor and `partNumber` has landed unhashed or is still arriving. */
  const gapBefore = (state: UploadState, partNumber: number) => {
    const after = lastHashed(state);
    for (const n of state.landed.keys()) if (n > after && n < partNumber) return true;
    for (const n of state.arriving) if (n > after && n < partNumber && n !== partNumber) return true;
    return false;
  };

  /** The landed part whose turn it is, if no part before it can still arrive. */
  function nextTurn(state: UploadState, final: boolean): LandedPart | undefined {
    const after = lastHashed(state);
    let next: LandedPart | undefined;
    for (const part of state.landed.values()) if (part.partNumber > after && (!next || part.partNumber < next.partNumber)) next = part;
    if (!next || final) return next;
    for (const arriving of state.arriving) if (arriving > after && arriving < next.partNumber) return undefined;
    return next;
  }

  async function hashFromBlob(state: UploadState, part: LandedPart): Promise<void> {
    const readBuffers = new SegmentReadBuffers(options.buffers);
    try {
      for await (const chunk of encryptedRangeChunks(part.path, options.masterKeys(), readBuffers)) state.hash.update(chunk);
    } finally {
      readBuffers.release();
    }
  }

  function catchUp(state: UploadState, final = false): Promise<void> {
    if (state.catchingUp) return state.catchingUp;
    const run: Promise<void> = (async () => {
      try {
        for (let part = nextTurn(state, final); part && !state.broken; part = nextTurn(state, final)) {
          state.version += 1;
          await hashFromBlob(state, part);
          state.landed.delete(part.partNumber);
          state.hashed.push({ partNumber: part.partNumber, etag: part.etag });
        }
      } catch {
        // The blob went away (replaced, aborted): the completion falls back to the object hasher.
        state.broken = true;
      }
    })().finally(() => {
      // Runs after the assignment below, also when there was nothing to hash.
      if (state.catchingUp === run) state.catchingUp = null;
    });
    state.catchingUp = run;
    return run;
  }

  return {
    begin(uploadId, partNumber) {
      const state = stateOf(uploadId);
      state.arriving.add(partNumber);
      if (state.broken || state.catchingUp || partNumber <= lastHashed(state) || gapBefore(state, partNumber)) return null;
      const fork = state.hash.copy();
      const version = state.version;
      return Object.assign({ update: (bytes: Buffer) => void fork.update(bytes) }, { fork, version });
    },
    landed(uploadId, part, tap) {
      const state = stateOf(uploadId);
      state.arriving.delete(part.partNumber);
      if (state.hashed.some((p) => p.partNumber === part.partNumber)) state.broken = true;
      const live = tap as (PartTap & { fork: Hash; version: number }) | null;
      if (live && !state.broken && live.version === state.version && part.partNumber > lastHashed(state) && !gapBefore(state, part.partNumber)) {
        state.hash = live.fork;
        state.version += 1;
        state.hashed.push({ partNumber: part.partNumber, etag: part.etag });
      } else {
        state.landed.set(part.partNumber, part);
      }
      void catchUp(state);
    },
    failed(uploadId, partNumber) {
      const state = uploads.get(uploadId);
      if (!state) return;
      state.arriving.delete(partNumber);
      void catchUp(state);
    },
    async complete(uploadId, parts) {
      const state = uploads.get(uploadId);
      if (!state) return undefined;
      while (state.catchingUp) await state.catchingUp;
      await catchUp(state, true);
      uploads.delete(uploadId);
      const same = !state.broken && state.hashed.length === parts.length && parts.every((p, i) => state.hashed[i]?.partNumber === p.partNumber && state.hashed[i]?.etag === p.etag.replace(/"/g, ''));
      return same ? state.hash.digest('hex') : undefined;
    },
    forget(uploadId) {
      uploads.delete(uploadId);
    },
  };
}
