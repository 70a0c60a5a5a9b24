import { AppError } from '@ferry/contracts';
import type { StorageDeps } from './storage.deps';

const NAMED_AT_MOST = 100;

/**
 * `svc.storage.rotate-master-key`: deployed with the new STORAGE_MASTER_KEY and the old one as
 * STORAGE_MASTER_KEY_PREVIOUS, re-wraps every local object's data key with the new one. Once it
 * reports nothing unreadable, the previous key can be dropped.
 */
export async function rotateMasterKey(deps: StorageDeps): Promise<{ keyId: string; rewrapped: number; alreadyCurrent: number; unreadableCount: number; unreadable: string[] }> {
  if (!deps.rewrapLocalDataKeys) throw new AppError('VALIDATION_FAILED', { message: 'No region stores on the local driver: there is no master key to rotate' });
  const report = await deps.rewrapLocalDataKeys();
  deps.log.info({ keyId: report.keyId, rewrapped: report.rewrapped, unreadable: report.unreadable.length }, 'master key rotated');
  return { ...report, unreadableCount: report.unreadable.length, unreadable: report.unreadable.slice(0, NAMED_AT_MOST) };
}
