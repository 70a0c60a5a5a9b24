import type { TRANSFERS_RPC } from '@ferry/contracts';
import { purgeObjects } from './purge-objects';
import { isActive } from './transfer-view';
import type { RpcRequest, TransfersDeps } from './transfers.deps';
import { notExpiredError, notFoundError } from './transfers.errors';

/**
 * `ferry-admin purge-transfer <slug>`: what the sweep does after the grace period, done now. Only a
 * deleted transfer or a live one past its expiry qualifies; a transfer purged before is left as it is.
 */
export async function purgeTransfer(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.purge>): Promise<{ transferId: string; purged: boolean; files: number }> {
  const transfer = await deps.store.findTransferBySlug(request.slug);
  if (!transfer) throw notFoundError();
  if (transfer.purgedAt) return { transferId: transfer.id, purged: false, files: 0 };
  const isDue = transfer.status === 'deleted' || (transfer.status === 'live' && !isActive(transfer, deps.clock()));
  if (!isDue) throw notExpiredError();
  const files = await deps.store.filesOf([transfer.id]);
  await purgeObjects(deps, transfer.id);
  return { transferId: transfer.id, purged: true, files: files.length };
}
