import type { MultipartLimits } from '../storage-driver';
import { OverGrantError } from './local-store.errors';

export interface AdmittedPart {
  /** The bytes the part may hold. */
  bytes: number;
  /** Gives the promise back once the part is stored or has failed. */
  release: () => Promise<void>;
}

export interface PartAdmission {
  /**
   * Reserves room for one part within the grant before any of its bytes are read. `storedParts`
   * lists the upload's parts on disk. A part number holds its last PUT: this number's stored copy
   * does not count, and a number with a PUT in flight counts by its promise, not by its file too.
   */
  admit(uploadId: string, partNumber: number, limits: MultipartLimits | undefined, wanted: number | undefined, storedParts: () => Promise<Array<{ partNumber: number; size: number }>>): Promise<AdmittedPart>;
}

/**
 * Counts the bytes promised to parts being received, per upload and part number. Admitting a part and releasing
 * its promise take turns per upload, so a part never counts neither on disk nor in flight.
 */
export function createPartAdmission(): PartAdmission {
  // Per upload, the promise of each part number's latest PUT: a part number holds its last PUT, so a
  // newer one supersedes an older one still in flight (say, of a client that went away and came back).
  const inFlight = new Map<string, Map<number, { bytes: number }>>();
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

  return {
    async admit(uploadId, partNumber, limits, wanted, storedParts) {
      if (!limits) return { bytes: wanted ?? Number.POSITIVE_INFINITY, release: async () => undefined };
      if (partNumber > limits.maxParts) throw new OverGrantError(`This upload has at most ${limits.maxParts} parts`, 'part-number');
      return inTurn(uploadId, async () => {
        const promises = inFlight.get(uploadId) ?? new Map<number, { bytes: number }>();
        // A part whose write just finished may be on disk before its promise is given back: count it once.
        const stored = (await storedParts()).filter((p) => p.partNumber !== partNumber && !promises.has(p.partNumber)).reduce((sum, p) => sum + p.size, 0);
        const promised = [...promises].reduce((sum, [number, p]) => (number === partNumber ? sum : sum + p.bytes), 0);
        const room = limits.maxBytes - stored - promised;
        const bytes = wanted ?? room;
        if (bytes > room || room <= 0) throw new OverGrantError(`This upload's parts may hold ${limits.maxBytes} bytes together; ${Math.max(0, room)} are left`, 'bytes');
        const promise = { bytes };
        promises.set(partNumber, promise);
        inFlight.set(uploadId, promises);
        const release = () =>
          inTurn(uploadId, async () => {
            if (promises.get(partNumber) === promise) promises.delete(partNumber);
            if (promises.size === 0) inFlight.delete(uploadId);
          });
        return { bytes, release };
      });
    },
  };
}
