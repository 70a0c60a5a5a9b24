import { rename, rm } from 'node:fs/promises';
import type { MultipartLimits } from '../storage-driver';
import type { UploadRecord } from './local-layout';
import { OverGrantError } from './local-store.errors';

/** One part's blob as it lies in its upload's folder. */
export interface StoredPartFile {
  partNumber: number;
  size: number;
  /** Its full path. */
  path: string;
}

export interface AdmittedPart {
  /** The bytes the part may hold. */
  bytes: number;
  /**
   * Puts the part's finished blob (`staging`) in place at `path`, in its upload's turn: the part
   * number's earlier copy goes first, so the number never has two copies (a crash in between leaves
   * none, and the client sends it again).
   */
  land(staging: string, path: string, size: number): Promise<void>;
  /** Gives the promise back once the part is stored or has failed. */
  release: () => Promise<void>;
}

export interface PartLedger {
  /**
   * Reserves room for one part within the grant (when the upload has one) before any of its bytes
   * are read. A part number holds its last PUT: this number's stored copy does not count, and a
   * number with a PUT in flight counts by its promise, not by its file too. `readStored` lists the
   * upload's parts on disk; it is called once per upload and process, and the ledger keeps the
   * list from then on as parts land.
   */
  admit(uploadId: string, partNumber: number, limits: MultipartLimits | undefined, wanted: number | undefined, readStored: () => Promise<StoredPartFile[]>): Promise<AdmittedPart>;
  /** The upload's record (upload.json), read from the disk once per upload and process: it never changes. */
  record(uploadId: string, read: () => Promise<UploadRecord>): Promise<UploadRecord>;
  /** The upload was completed or aborted: its record and list go (a later PUT reads the disk again, and finds no upload). */
  forget(uploadId: string): void;
}

/**
 * The parts of each upload this process receives: the bytes promised to parts being received, and
 * the parts stored, per upload and part number. The stored list is read from the upload's folder
 * once, then kept as parts land, so a part PUT costs no listing of a folder that grows with the
 * upload (two listings per part made a 1 GiB browser upload, 512 parts of 2 MB, list ~500,000
 * names). Admitting a part, landing one and releasing a promise take turns per upload, so a part
 * never counts neither on disk nor in flight, and two PUTs of one number never both stay.
 * One storage process serves an upload's folder (the local driver's disk is its own).
 */
export function createPartLedger(): PartLedger {
  // Per upload, the promise of each part number's latest PUT: a part number holds its last PUT, so a
  // newer one supersedes an older one still in flight (say, of a client that went away and came back).
  const inFlight = new Map<string, Map<number, { bytes: number }>>();
  const stored = new Map<string, Map<number, StoredPartFile>>();
  const records = new Map<string, UploadRecord>();
  const turns = new Map<string, Promise<unknown>>();
  function inTurn<T>(uploadId: string, step: () => Promise<T>): Promise<T> {
    const next = (turns.get(uploadId) ?? Promise.resolve()).then(step, step);
    const settled = next.catch(() => undefined);
    turns.set(uploadId, settled);
    void settled.then(() => {
      if (turns.get(uploadId) === settled) turns.delete(uploadId);
    });
    return next;
  }
  async function storedOf(uploadId: string, readStored: () => Promise<StoredPartFile[]>): Promise<Map<number, StoredPartFile>> {
    let parts = stored.get(uploadId);
    if (!parts) {
      parts = new Map((await readStored()).map((part) => [part.partNumber, part]));
      stored.set(uploadId, parts);
    }
    return parts;
  }

  return {
    async admit(uploadId, partNumber, limits, wanted, readStored) {
      if (limits && partNumber > limits.maxParts) throw new OverGrantError(`This upload has at most ${limits.maxParts} parts`, 'part-number');
      return inTurn(uploadId, async () => {
        const parts = await storedOf(uploadId, readStored);
        const promises = inFlight.get(uploadId) ?? new Map<number, { bytes: number }>();
        let bytes = wanted ?? Number.POSITIVE_INFINITY;
        if (limits) {
          // A part whose blob just landed is stored before its promise is given back: count it once.
          const onDisk = [...parts.values()].filter((p) => p.partNumber !== partNumber && !promises.has(p.partNumber)).reduce((sum, p) => sum + p.size, 0);
          const promised = [...promises].reduce((sum, [number, p]) => (number === partNumber ? sum : sum + p.bytes), 0);
          const room = limits.maxBytes - onDisk - promised;
          bytes = wanted ?? room;
          if (bytes > room || room <= 0) throw new OverGrantError(`This upload's parts may hold ${limits.maxBytes} bytes together; ${Math.max(0, room)} are left`, 'bytes');
        }
        const promise = { bytes };
        promises.set(partNumber, promise);
        inFlight.set(uploadId, promises);
        return {
          bytes,
          land: (staging, path, size) =>
            inTurn(uploadId, async () => {
              const now = await storedOf(uploadId, readStored);
              const earlier = now.get(partNumber);
              if (earlier && earlier.path !== path) await rm(earlier.path, { force: true });
              now.delete(partNumber);
              await rename(staging, path);
              now.set(partNumber, { partNumber, size, path });
            }),
          release: () =>
            inTurn(uploadId, async () => {
              if (promises.get(partNumber) === promise) promises.delete(partNumber);
              if (promises.size === 0) inFlight.delete(uploadId);
            }),
        };
      });
    },
    async record(uploadId, read) {
      const known = records.get(uploadId);
      if (known) return known;
      const record = await read();
      records.set(uploadId, record);
      return record;
    },
    forget(uploadId) {
      stored.delete(uploadId);
      records.delete(uploadId);
    },
  };
}
