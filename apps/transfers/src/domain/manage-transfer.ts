import { AppError, STORAGE_RPC, TRANSFERS_RPC, type TAccessClaims, type TCreatedTransfer } from '@ferry/contracts';
import { assertTransferLimits, CUSTOM_EXPIRY_MARKER } from '@ferry/plans';
import { filesOf, filesTable, findTransferBySlug, refreshTotals, transfersTable, type TransferRow } from '../store/transfers.store';
import { canManage, notFound } from './access';
import { emitCreated } from './complete-transfer';
import { grantOwnerFor, insertFiles, insertTransfer, prepareDraft } from './create-transfer';
import { filterDraftFiles } from './draft-rules';
import { grantUploads } from './grant-uploads';
import { checkShareWith } from './sender-checks';
import { newSlug } from './slug';
import { transferUrl } from './transfer-view';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

async function findManageable(deps: TransfersDeps, caller: TAccessClaims, slug: string): Promise<TransferRow> {
  const row = await findTransferBySlug(deps.db, slug);
  if (!row || !canManage(row, caller)) throw notFound();
  return row;
}

/** Removes a transfer's objects from storage and notes it; a failure is retried by the sweeper. */
export async function purgeObjects(deps: TransfersDeps, transferId: string): Promise<void> {
  const files = await filesOf(deps.db, [transferId]);
  if (files.length > 0) await deps.bus.request(STORAGE_RPC.deleteObjects, { fileIds: files.map((f) => f.id) });
  await transfersTable(deps.db).where({ id: transferId }).update({ purged_at: deps.clock() });
}

/** `DELETE /transfers/{slug}`: the link stops working at once; the objects are purged right after. */
export async function deleteTransfer(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.delete>): Promise<Record<string, never>> {
  const row = await findManageable(deps, request.caller, request.slug);
  await transfersTable(deps.db).where({ id: row.id }).update({ status: 'deleted', updated_at: deps.clock() });
  await purgeObjects(deps, row.id).catch((error: unknown) => deps.log.warn({ err: error, transferId: row.id }, 'purge failed; the sweeper retries it'));
  return {};
}

/** Disables (or re-enables) the link without deleting anything. */
export async function restrictTransfer(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.restrict>): Promise<Record<string, never>> {
  const row = await findManageable(deps, request.caller, request.slug);
  await transfersTable(deps.db).where({ id: row.id }).update({ restricted: request.restricted, updated_at: deps.clock() });
  return {};
}

/** Shares the transfer with team members (replacing the list). */
export async function shareTransfer(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.share>): Promise<Record<string, never>> {
  const row = await findManageable(deps, request.caller, request.slug);
  const shareWith = await checkShareWith(deps, request.caller, request.shareWith);
  await transfersTable(deps.db).where({ id: row.id }).update({ share_with: shareWith, updated_at: deps.clock() });
  return {};
}

/**
 * Add-files mode: new files join a live transfer of the caller's. They get grants like a quick
 * send and join the transfer when `complete` confirms them; the plan's limits count the whole.
 */
export async function addFiles(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.addFiles>): Promise<TCreatedTransfer> {
  const { caller } = request;
  const row = await findManageable(deps, caller, request.slug);
  if (row.status !== 'live') throw new AppError('TRANSFER_NOT_READY', { message: 'Finish the transfer before adding files' });
  const existing = await filesOf(deps.db, [row.id]);
  const { kept, dropped } = filterDraftFiles(
    [...existing.map((f) => ({ name: f.name, size: Number(f.size), path: f.path ?? undefined, kind: f.kind })), ...request.body.files],
    { anonymous: false },
  );
  const added = kept.slice(existing.length);
  if (added.length === 0) throw new AppError('NO_FILES_LEFT', { message: 'These files are already in the transfer', details: { dropped } });
  assertTransferLimits(caller.role, { files: kept });
  const { grants } = await grantUploads(
    deps,
    { owner: grantOwnerFor(caller, row.slug), region: row.region as never, files: added.map((f) => ({ name: f.name, size: f.size, contentType: f.contentType })) },
    (grants) => deps.db.transaction((trx) => insertFiles(trx, row.id, added, grants, existing.length, deps.clock())),
  );
  return { id: row.id, slug: row.slug, url: transferUrl(deps.publicUrl, row.slug), status: 'live', uploads: grants, dropped, contacts: [] };
}

/**
 * Forward: chosen files of a transfer the caller may see go out as a new transfer (a new slug),
 * their objects copied inside storage, never uploaded again. It is live at once.
 */
export async function forwardTransfer(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.forward>): Promise<TCreatedTransfer> {
  const { caller, body } = request;
  const source = await findTransferBySlug(deps.db, request.slug);
  if (!source || source.status !== 'live' || !(canManage(source, caller) || source.share_with.includes(caller.sub))) throw notFound();
  const sourceFiles = (await filesOf(deps.db, [source.id], { completeOnly: true })).filter((f) => body.fileIds.includes(f.id));
  if (sourceFiles.length !== new Set(body.fileIds).size) throw new AppError('NOT_FOUND', { message: 'Some of those files are not in this transfer' });
  const prepared = await prepareDraft(deps, caller, { ...body, files: [] }, {}, sourceFiles.map((f) => ({ size: Number(f.size) })));
  const slug = newSlug();
  const { objects } = await deps.bus.request(STORAGE_RPC.copyObjects, { fileIds: sourceFiles.map((f) => f.id), to: grantOwnerFor(caller, slug) });
  const copyOf = new Map(objects.map((o) => [o.copiedFrom, o.fileId]));
  const copyIdOf = (fileId: string): string => {
    const copy = copyOf.get(fileId);
    if (!copy) throw new Error(`Storage did not copy ${fileId}`);
    return copy;
  };
  const row = await deps.db.transaction(async (trx) => {
    const inserted = await insertTransfer(trx, { caller, slug, senderName: body.senderName ?? null, sendAs: body.sendAs, forwardedFrom: source.id, ...prepared }, prepared.now);
    await filesTable(trx).insert(
      sourceFiles.map((f, position) => ({
        id: copyIdOf(f.id),
        transfer_id: inserted.id,
        position,
        name: f.name,
        path: f.path,
        size: f.size,
        kind: f.kind,
        content_type: f.content_type,
        status: 'complete' as const,
        created_at: prepared.now,
      })),
    );
    await refreshTotals(trx, inserted.id, prepared.now);
    const expiryDate = Number(inserted.expiry_seconds) === CUSTOM_EXPIRY_MARKER ? inserted.expiry_date : new Date(prepared.now.getTime() + Number(inserted.expiry_seconds) * 1000);
    await transfersTable(trx).where({ id: inserted.id }).update({ status: 'live', date_sent: prepared.now, expiry_date: expiryDate });
    await emitCreated(trx, deps, inserted.id);
    return inserted;
  }).catch(async (error: unknown) => {
    // The copies belong to no transfer: give their storage back before the error goes on.
    await deps.bus.request(STORAGE_RPC.deleteObjects, { fileIds: objects.map((o) => o.fileId) }).catch((cleanup: unknown) => {
      deps.log.error({ err: cleanup, slug }, 'could not delete the copies of an unrecorded forward');
    });
    throw error;
  });
  deps.eventsCommitted();
  return { id: row.id, slug, url: transferUrl(deps.publicUrl, slug), status: 'live', uploads: [], dropped: [], contacts: prepared.recipients };
}
