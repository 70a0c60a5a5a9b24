import { STORAGE_RPC } from '@ferry/contracts';
import type { TransfersDeps } from './transfers.deps';

/** Removes a transfer's objects from storage and notes it; a failure is retried by the sweeper. */
export async function purgeObjects(deps: TransfersDeps, transferId: string): Promise<void> {
  const files = await deps.store.filesOf([transferId]);
  if (files.length > 0) await deps.bus.request(STORAGE_RPC.deleteObjects, { fileIds: files.map((f) => f.id) });
  await deps.store.updateTransfer(transferId, { purgedAt: deps.clock() });
}
