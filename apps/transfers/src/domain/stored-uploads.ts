import { STORAGE_RPC } from '@ferry/contracts';
import type { TransfersDeps } from './transfers.deps';
import { notReadyError } from './transfers.errors';

/**
 * Every file is in storage, complete, with the size it was declared with; otherwise a 409
 * `TRANSFER_NOT_READY` that names the missing ones.
 */
export async function checkUploadsStored(deps: TransfersDeps, files: readonly { id: string; name: string; size: number }[]): Promise<void> {
  if (files.length === 0) return;
  const { objects } = await deps.bus.request(STORAGE_RPC.getObjects, { fileIds: files.map((f) => f.id) });
  const byId = new Map(objects.map((o) => [o.fileId, o]));
  const missing = files.filter((f) => {
    const object = byId.get(f.id);
    return !object || object.status !== 'complete' || object.size !== f.size;
  });
  if (missing.length > 0) throw notReadyError(missing.map((f) => ({ fileId: f.id, name: f.name })));
}
