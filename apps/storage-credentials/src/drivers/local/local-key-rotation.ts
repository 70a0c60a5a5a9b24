import { relative } from 'node:path';
import { masterKeyId, rewrapObjectKey } from './data-key-wrap';
import { masterKeysOf, walk, type LocalStoreContext } from './local-layout';

/** What a rotation did, for the operator: how many data keys were re-wrapped, and what could not be read. */
export interface RewrapReport {
  /** Fingerprint of the master key every object is now wrapped by. */
  keyId: string;
  rewrapped: number;
  /** Already wrapped by the current key (written since the switch, or re-wrapped by an earlier run). */
  alreadyCurrent: number;
  /** Objects neither key opens, relative to the store's root: they stay as they are. */
  unreadable: string[];
}

/**
 * Re-wraps every stored object's data key (whole objects, blobs of completed uploads and parts of
 * uploads in progress) with STORAGE_MASTER_KEY, where STORAGE_MASTER_KEY_PREVIOUS sealed it. Safe to
 * run again, and while the service serves: both keys are accepted throughout, and an object being
 * written is sealed by the current key already.
 */
export async function rewrapDataKeys(ctx: LocalStoreContext): Promise<RewrapReport> {
  const report: RewrapReport = { keyId: masterKeyId(ctx.masterKey), rewrapped: 0, alreadyCurrent: 0, unreadable: [] };
  const keys = masterKeysOf(ctx);
  for (const path of await walk(ctx.layout.rootDir)) {
    try {
      const outcome = await rewrapObjectKey(path, keys);
      if (outcome === 'rewrapped') report.rewrapped += 1;
      if (outcome === 'current') report.alreadyCurrent += 1;
    } catch (error) {
      // Removed meanwhile (a deleted object, a part superseded): nothing left to re-wrap.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      report.unreadable.push(relative(ctx.layout.rootDir, path));
    }
  }
  return report;
}
