import type { TRANSFERS_RPC } from '@ferry/contracts';
import { findManageableTransfer } from './access';
import { checkShareWith } from './sender-checks';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

/** Shares the transfer with team members (replacing the list). */
export async function shareTransfer(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.share>): Promise<Record<string, never>> {
  const transfer = await findManageableTransfer(deps, request.caller, request.slug);
  const shareWith = await checkShareWith(deps, request.caller, request.shareWith);
  await deps.store.updateTransfer(transfer.id, { shareWith, updatedAt: deps.clock() });
  return {};
}
