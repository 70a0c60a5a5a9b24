import type { TRANSFERS_RPC } from '@ferry/contracts';
import { findManageableTransfer } from './access';
import { purgeObjects } from './purge-objects';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

/** `DELETE /transfers/{slug}`: the link stops working at once; the objects are purged right after. */
export async function deleteTransfer(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.delete>): Promise<Record<string, never>> {
  const transfer = await findManageableTransfer(deps, request.caller, request.slug);
  await deps.store.updateTransfer(transfer.id, { status: 'deleted', updatedAt: deps.clock() });
  await purgeObjects(deps, transfer.id).catch((error: unknown) => deps.log.warn({ err: error, transferId: transfer.id }, 'purge failed; the sweeper retries it'));
  return {};
}
