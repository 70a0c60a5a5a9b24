import type { TRANSFERS_RPC, TTransferDetail } from '@ferry/contracts';
import { findVisibleTransfer } from './access';
import { detailView } from './transfer-view';
import type { RpcRequest, TransfersDeps } from './transfers.deps';
import { ownerLinkOrigin } from './sender-branding';

/** `GET /transfers/{slug}`: one transfer with its files and every download (place and date). */
export async function getTransfer(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.get>): Promise<TTransferDetail> {
  const transfer = await findVisibleTransfer(deps, request.caller, request.slug);
  const [files, recipients, downloads] = await Promise.all([
    deps.store.filesOf([transfer.id]),
    deps.store.recipientsOf([transfer.id]),
    deps.store.downloadsOf([transfer.id], 1_000),
  ]);
  return detailView(transfer, { files, recipients, downloads }, request.caller.sub, await ownerLinkOrigin(deps, transfer.ownerId), deps.clock());
}
