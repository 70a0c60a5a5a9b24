import type { TPublicTransfer, TRANSFERS_RPC } from '@ferry/contracts';
import { openPublicTransfer } from './open-public-transfer';
import { ownerBranding } from './sender-branding';
import { publicView } from './transfer-view';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

/** `GET /public/transfers/{slug}`: what the download page shows. */
export async function getPublicTransfer(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.publicGet>): Promise<TPublicTransfer> {
  const { transfer, files, recipient } = await openPublicTransfer(deps, request);
  return { ...publicView(transfer, files, recipient?.email ?? null), branding: await ownerBranding(deps, transfer.ownerId) };
}
