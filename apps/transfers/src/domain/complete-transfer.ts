import { STORAGE_RPC, type TRANSFERS_RPC } from '@ferry/contracts';
import { canManage } from './access';
import { goLive } from './new-transfer';
import { checkUploadsStored } from './stored-uploads';
import { transferUrl } from './transfer-view';
import type { RpcRequest, TransfersDeps } from './transfers.deps';
import { notFoundError } from './transfers.errors';
import { ownerLinkOrigin } from './sender-branding';

/**
 * `POST /transfers/{id}/complete`: finishes the uploads the client names, then checks every
 * file of the transfer against storage (it exists, complete, with the declared size). Only then
 * does the transfer go live (and `evt.transfer.created` send the mails); files added to a live
 * transfer join it. Completing twice answers the same.
 */
export async function completeTransfer(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.complete>): Promise<{ slug: string; url: string }> {
  const { caller, id, body } = request;
  const transfer = await deps.store.findTransferById(id);
  if (!transfer) throw notFoundError();
  // Anonymous transfers are completed by whoever holds the id the draft answered; an account's only by the account.
  if (transfer.senderId && (!caller || !canManage(transfer, caller))) throw notFoundError();
  if (body.uploads.length > 0) await deps.bus.request(STORAGE_RPC.completeUploads, { uploads: body.uploads });

  const pending = (await deps.store.filesOf([id])).filter((f) => f.status === 'uploading');
  await checkUploadsStored(deps, pending);

  const now = deps.clock();
  await deps.store.transaction(async (tx) => {
    const locked = await tx.findTransferById(id, { forUpdate: true });
    if (!locked) throw notFoundError();
    await tx.markFilesComplete(pending.map((f) => f.id));
    await tx.refreshTotals(id, now);
    if (locked.status === 'uploading') await goLive(tx, deps, locked, now);
  });
  return { slug: transfer.slug, url: transferUrl(await ownerLinkOrigin(deps, transfer.ownerId), transfer.slug) };
}
