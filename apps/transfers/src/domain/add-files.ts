import type { TCreatedTransfer, TRANSFERS_RPC } from '@ferry/contracts';
import { assertTransferLimits } from '@ferry/plans';
import { findManageableTransfer } from './access';
import { filterDraftFiles } from './draft-rules';
import { grantOwnerFor, grantUploads } from './grant-uploads';
import { transferFiles } from './new-transfer';
import { transferUrl } from './transfer-view';
import type { RpcRequest, TransfersDeps } from './transfers.deps';
import { filesAlreadyThereError, finishBeforeAddingError } from './transfers.errors';
import { ownerLinkOrigin } from './sender-branding';

/**
 * Add-files mode: new files join a live transfer of the caller's. They get grants like a quick
 * send and join the transfer when `complete` confirms them; the plan's limits count the whole.
 */
export async function addFiles(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.addFiles>): Promise<TCreatedTransfer> {
  const { caller } = request;
  const transfer = await findManageableTransfer(deps, caller, request.slug);
  if (transfer.status !== 'live') throw finishBeforeAddingError();
  const existing = await deps.store.filesOf([transfer.id]);
  const { kept, dropped } = filterDraftFiles(
    [...existing.map((f) => ({ name: f.name, size: f.size, path: f.path ?? undefined, kind: f.kind })), ...request.body.files],
    { anonymous: false },
  );
  const added = kept.slice(existing.length);
  if (added.length === 0) throw filesAlreadyThereError(dropped);
  assertTransferLimits(caller.role, { files: kept });
  const { grants } = await grantUploads(deps, { owner: grantOwnerFor(caller, transfer.slug), region: transfer.region, files: added }, (granted) => {
    const files = granted.map(({ grant, file }) => ({ ...file, id: grant.fileId }));
    return deps.store.transaction((tx) => tx.insertFiles(transferFiles(transfer.id, files, { firstPosition: existing.length, status: 'uploading', now: deps.clock() })));
  });
  return { id: transfer.id, slug: transfer.slug, url: transferUrl(await ownerLinkOrigin(deps, transfer.ownerId), transfer.slug), status: 'live', uploads: grants, dropped, contacts: [] };
}
