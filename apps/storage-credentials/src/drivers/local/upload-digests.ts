import { createHash, type Hash } from 'node:crypto';
import type { MasterKeyring } from './data-key-wrap';
import { encryptedRangeChunks, SegmentReadBuffers } from './encrypted-object';
import { createSegmentBufferPool, type SegmentBufferPool } from './segment-buffer-pool';

/**
 * The SHA-256 of a multipart upload's object, computed in file order as its parts land, so that
 * completing it needs no second pass over the object (before: every byte was hashed once per part
 * for its ETag and once more by a background re-read that decrypted the whole object — 1.3-1.8
 * CPU s per GiB on top of the upload).
 *
 * The part at the hash's cursor is hashed live, from the request's bytes as they are encrypted
 * (into a copy of the running hash, kept only when the part lands whole). A part that arrives
 * ahead of the cursor — with 4 parts in flight, nearly all of them — is hashed when its turn comes:
 * - from memory, when its declared size fits in what is left of `heldBytes` (16 MiB by default,
 *   for all uploads together): its plaintext is copied into reused slabs as it arrives and hashed
 *   from them at its turn. That covers the browser's 2 MB parts (4 in flight: ~8 MB) whole;
 * - otherwise read back from its blob, which was written moments ago and is in the page cache, and
 *   decrypted (one part, never the object).
 * Measured with tools/bench/browser-upload (1 GiB, 2 MB parts), reading every ahead part back cost
 * a second AES-GCM pass, its reads and the garbage of its output buffers on every byte; keeping
 * all ahead parts in memory instead would hold 3 x the part size (192 MiB at 64 MiB parts), so
 * large parts still take the read-back.
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

/** The plaintext of a part held for its turn: full slabs, then `length` bytes in all. */
interface HeldPlaintext {
  slabs: Buffer[];
  length: number;
  /** The bytes reserved for it in the budget. */
  reserved: number;
  /** More arrived than was reserved: not usable (the blob is read back instead). */
  overflowed: boolean;
}

/** What `begin` answers: hashing live at the cursor, or holding the plaintext for later. */
type Tap = PartTap & ({ kind: 'live'; fork: Hash; version: number } | { kind: 'held'; held: HeldPlaintext });

/** Held plaintext comes in slabs of this size, reused. */
const SLAB_BYTES = 256 * 1024;
/** All uploads' held plaintext together, by default. */
export const DEFAULT_HELD_BYTES = 16 * 1024 * 1024;
/** How many ended uploads are remembered, so that their late parts are ignored. */
const ENDED_KEPT = 10_000;

interface UploadState {
  hash: Hash;
  hashed: { partNumber: number; etag: string }[];
  arriving: Set<number>;
  landed: Map<number, LandedPart & { held?: HeldPlaintext }>;
  /** Bumped whenever the running hash changes: a live tap forked from an older version is stale. */
  version: number;
  catchingUp: Promise<void> | null;
  broken: boolean;
}

export interface UploadDigests {
  /**
   * A part of `declaredBytes` (when the request says) starts arriving; answers a tap when it is at
   * the cursor (hashed live) or its plaintext can be held until its turn.
   */
  begin(uploadId: string, partNumber: number, declaredBytes?: number): PartTap | null;
  /** The part was written whole under `path` (a tap given by `begin` is settled here). */
  landed(uploadId: string, part: LandedPart, tap: PartTap | null): void;
  /** The part failed; what it fed into its tap is thrown away. */
  failed(uploadId: string, partNumber: number, tap?: PartTap | null): void;
  /** The object's SHA-256 when it is exactly the parts hashed, in order; undefined otherwise. Forgets the upload. */
  complete(uploadId: string, parts: readonly { partNumber: number; etag: string }[]): Promise<string | undefined>;
  forget(uploadId: string): void;
}

export function createUploadDigests(options: { masterKeys: () => MasterKeyring; buffers: SegmentBufferPool; heldBytes?: number }): UploadDigests {
  const uploads = new Map<string, UploadState>();
  const heldLimit = options.heldBytes ?? DEFAULT_HELD_BYTES;
  let reserved = 0;
  // Slabs are kept for reuse up to the budget's worth, apart from the segment buffers' pool.
  const slabs = createSegmentBufferPool({ limit: Math.ceil(heldLimit / SLAB_BYTES) });

  function hold(declaredBytes: number | undefined): HeldPlaintext | null {
    if (declaredBytes === undefined || declaredBytes <= 0) return null;
    const need = Math.ceil(declaredBytes / SLAB_BYTES) * SLAB_BYTES;
    if (reserved + need > heldLimit) return null;
    reserved += need;
    return { slabs: [], length: 0, reserved: need, overflowed: false };
  }
  function keep(held: HeldPlaintext, bytes: Buffer): void {
    if (held.overflowed) return;
    if (held.length + bytes.length > held.reserved) {
      drop(held);
      held.overflowed = true;
      return;
    }
    let copied = 0;
    while (copied < bytes.length) {
      const at = held.length % SLAB_BYTES;
      if (at === 0) held.slabs.push(slabs.acquire(SLAB_BYTES));
      const n = bytes.copy(held.slabs.at(-1) as Buffer, at, copied, Math.min(bytes.length, copied + SLAB_BYTES - at));
      copied += n;
      held.length += n;
    }
  }
  /** Gives the slabs and the reservation back (at most the budget's worth of slabs is kept). */
  function drop(held: HeldPlaintext | undefined): void {
    if (!held || held.reserved === 0) return;
    for (const slab of held.slabs) slabs.release(slab);
    held.slabs = [];
    reserved -= held.reserved;
    held.reserved = 0;
  }

  // Uploads completed or forgotten lately: a part of theirs still landing (a slow or repeated PUT,
  // one that lost the race with an abort) is not hashed and holds nothing.
  const ended = new Set<string>();
  const end = (uploadId: string) => {
    uploads.delete(uploadId);
    ended.add(uploadId);
    if (ended.size > ENDED_KEPT) ended.delete(ended.values().next().value as string);
  };
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
  function nextTurn(state: UploadState, final: boolean): (LandedPart & { held?: HeldPlaintext }) | undefined {
    const after = lastHashed(state);
    let next: (LandedPart & { held?: HeldPlaintext }) | undefined;
    for (const part of state.landed.values()) if (part.partNumber > after && (!next || part.partNumber < next.partNumber)) next = part;
    if (!next || final) return next;
    for (const arriving of state.arriving) if (arriving > after && arriving < next.partNumber) return undefined;
    return next;
  }

  function hashHeld(state: UploadState, held: HeldPlaintext): void {
    let left = held.length;
    for (const slab of held.slabs) {
      state.hash.update(left >= SLAB_BYTES ? slab : slab.subarray(0, left));
      left -= SLAB_BYTES;
    }
    drop(held);
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
          if (part.held && !part.held.overflowed && part.held.length === part.size) hashHeld(state, part.held);
          else {
            drop(part.held);
            await hashFromBlob(state, part);
            // Sent again while it was read back: what was hashed is the copy replaced.
            if (state.landed.get(part.partNumber) !== part) {
              state.broken = true;
              break;
            }
          }
          state.landed.delete(part.partNumber);
          state.hashed.push({ partNumber: part.partNumber, etag: part.etag });
        }
      } catch {
        // The blob went away (replaced, aborted): the completion falls back to the object hasher.
        state.broken = true;
      }
      if (state.broken) for (const part of state.landed.values()) drop(part.held);
    })().finally(() => {
      // Runs after the assignment below, also when there was nothing to hash.
      if (state.catchingUp === run) state.catchingUp = null;
    });
    state.catchingUp = run;
    return run;
  }

  return {
    begin(uploadId, partNumber, declaredBytes) {
      if (ended.has(uploadId)) return null;
      const state = stateOf(uploadId);
      state.arriving.add(partNumber);
      if (state.broken || partNumber <= lastHashed(state)) return null;
      if (state.catchingUp || gapBefore(state, partNumber)) {
        const held = hold(declaredBytes);
        return held ? ({ kind: 'held', held, update: (bytes: Buffer) => keep(held, bytes) } satisfies Tap) : null;
      }
      const fork = state.hash.copy();
      return { kind: 'live', fork, version: state.version, update: (bytes: Buffer) => void fork.update(bytes) } satisfies Tap;
    },
    landed(uploadId, part, tap) {
      const given = tap as Tap | null;
      if (ended.has(uploadId)) {
        if (given?.kind === 'held') drop(given.held);
        return;
      }
      const state = stateOf(uploadId);
      state.arriving.delete(part.partNumber);
      if (state.hashed.some((p) => p.partNumber === part.partNumber)) state.broken = true;
      if (given?.kind === 'live' && !state.broken && given.version === state.version && part.partNumber > lastHashed(state) && !gapBefore(state, part.partNumber)) {
        state.hash = given.fork;
        state.version += 1;
        state.hashed.push({ partNumber: part.partNumber, etag: part.etag });
      } else {
        drop(state.landed.get(part.partNumber)?.held);
        state.landed.set(part.partNumber, given?.kind === 'held' ? { ...part, held: given.held } : part);
      }
      void catchUp(state);
    },
    failed(uploadId, partNumber, tap) {
      const given = tap as Tap | null | undefined;
      if (given?.kind === 'held') drop(given.held);
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
      end(uploadId);
      for (const part of state.landed.values()) drop(part.held);
      const same = !state.broken && state.hashed.length === parts.length && parts.every((p, i) => state.hashed[i]?.partNumber === p.partNumber && state.hashed[i]?.etag === p.etag.replace(/"/g, ''));
      return same ? state.hash.digest('hex') : undefined;
    },
    forget(uploadId) {
      for (const part of uploads.get(uploadId)?.landed.values() ?? []) drop(part.held);
      end(uploadId);
    },
  };
}
