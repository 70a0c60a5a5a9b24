import type { TRANSFERS_RPC } from '@ferry/contracts';
import { findManageableTransfer } from './access';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

/** Disables (or re-enables) the link without deleting anything. */
export async function restrictTransfer(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.restrict>): Promise<Record<string, never>> {
  const transfer = await findManageableTransfer(deps, request.caller, request.slug);
  await deps.store.updateTransfer(transfer.id, { restricted: request.restricted, updatedAt: deps.clock() });
  return {};
}
