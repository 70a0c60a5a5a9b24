import { STORAGE_RPC, type TCreatedTransfer, type TRANSFERS_RPC, type TStoredObject } from '@ferry/contracts';
import { canView } from './access';
import { grantOwnerFor } from './grant-uploads';
import { goLive, insertTransfer, transferFiles } from './new-transfer';
import { prepareDraft } from './prepare-draft';
import { newSlug } from './slug';
import { transferUrl } from './transfer-view';
import type { RpcRequest, TransfersDeps } from './transfers.deps';
import { filesNotInTransferError, notFoundError } from './transfers.errors';
import { ownerLinkOrigin } from './sender-branding';

/** The copies belong to no transfer: their storage is given back before the error goes on. */
async function deleteCopies(deps: TransfersDeps, copies: TStoredObject[], slug: string): Promise<void> {
  await deps.bus.request(STORAGE_RPC.deleteObjects, { fileIds: copies.map((o) => o.fileId) }).catch((cleanup: unknown) => {
    deps.log.error({ err: cleanup, slug }, 'could not delete the copies of an unrecorded forward');
  });
}

/**
 * Forward: chosen files of a transfer the caller may see go out as a new transfer (a new slug),
 * their objects copied inside storage, never uploaded again. It is live at once.
 */
export async function forwardTransfer(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.forward>): Promise<TCreatedTransfer> {
  const { caller, body } = request;
  const source = await deps.store.findTransferBySlug(request.slug);
  if (!source || source.status !== 'live' || !canView(source, caller)) throw notFoundError();
  const sourceFiles = (await deps.store.filesOf([source.id], { completeOnly: true })).filter((f) => body.fileIds.includes(f.id));
  if (sourceFiles.length !== new Set(body.fileIds).size) throw filesNotInTransferError();
  const prepared = await prepareDraft(deps, caller, { ...body, files: [] }, {}, sourceFiles);
  const slug = newSlug();
  const { objects } = await deps.bus.request(STORAGE_RPC.copyObjects, { fileIds: sourceFiles.map((f) => f.id), to: grantOwnerFor(caller, slug) });
  const copyOf = new Map(objects.map((o) => [o.copiedFrom, o.fileId]));
  const copyIdOf = (fileId: string): string => {
    const copy = copyOf.get(fileId);
    if (!copy) throw new Error(`Storage did not copy ${fileId}`);
    return copy;
  };
  try {
    const transfer = await deps.store.transaction(async (tx) => {
      const inserted = await insertTransfer(tx, { caller, slug, senderName: body.senderName ?? null, sendAs: body.sendAs, forwardedFrom: source.id, ...prepared }, prepared.now);
      const copies = sourceFiles.map((f) => ({ ...f, id: copyIdOf(f.id) }));
      await tx.insertFiles(transferFiles(inserted.id, copies, { firstPosition: 0, status: 'complete', now: prepared.now }));
      await tx.refreshTotals(inserted.id, prepared.now);
      await goLive(tx, deps, inserted, prepared.now);
      return inserted;
    });
    return { id: transfer.id, slug, url: transferUrl(await ownerLinkOrigin(deps, transfer.ownerId), slug), status: 'live', uploads: [], dropped: [], contacts: prepared.recipients };
  } catch (error) {
    await deleteCopies(deps, objects, slug);
    throw error;
  }
}
