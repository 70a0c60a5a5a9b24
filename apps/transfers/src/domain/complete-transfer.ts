import { writeEvent } from '@ferry/bus';
import { STORAGE_RPC, TRANSFER_CREATED, TRANSFERS_RPC } from '@ferry/contracts';
import { CUSTOM_EXPIRY_MARKER, formatBytes } from '@ferry/plans';
import { filesOf, filesTable, findTransferById, recipientsOf, refreshTotals, transfersTable, type Db, type TransferRow } from '../store/transfers.store';
import { canManage, notFound } from './access';
import { checkUploadsStored } from './stored-uploads';
import { recipientUrl, transferUrl } from './transfer-view';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

/**
 * `POST /transfers/{id}/complete`: finishes the uploads the client names, then checks every
 * file of the transfer against storage (it exists, complete, with the declared size). Only then
 * does the transfer go live (and `evt.transfer.created` send the mails); files added to a live
 * transfer join it. Completing twice answers the same.
 */
export async function completeTransfer(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.complete>): Promise<{ slug: string; url: string }> {
  const { caller, id, body } = request;
  const transfer = await findTransferById(deps.db, id);
  if (!transfer) throw notFound();
  // Anonymous transfers are completed by whoever holds the id the draft answered; an account's only by the account.
  if (transfer.sender_id && (!caller || !canManage(transfer, caller))) throw notFound();
  if (body.uploads.length > 0) await deps.bus.request(STORAGE_RPC.completeUploads, { uploads: body.uploads });

  const pending = (await filesOf(deps.db, [id])).filter((f) => f.status === 'uploading');
  await checkUploadsStored(deps, pending);

  const now = deps.clock();
  const wentLive = await deps.db.transaction(async (trx) => {
    const locked = (await findTransferById(trx, id, { forUpdate: true })) as TransferRow;
    await filesTable(trx).whereIn('id', pending.map((f) => f.id)).update({ status: 'complete' });
    await refreshTotals(trx, id, now);
    if (locked.status !== 'uploading') return false;
    // A duration counts from the moment the transfer goes live; a picked date stays as picked.
    const custom = Number(locked.expiry_seconds) === CUSTOM_EXPIRY_MARKER;
    const expiryDate = custom ? locked.expiry_date : new Date(now.getTime() + Number(locked.expiry_seconds) * 1000);
    await transfersTable(trx).where({ id }).update({ status: 'live', date_sent: now, expiry_date: expiryDate, updated_at: now });
    await emitCreated(trx, deps, id);
    return true;
  });
  if (wentLive) deps.eventsCommitted();
  return { slug: transfer.slug, url: transferUrl(deps.publicUrl, transfer.slug) };
}

/** `evt.transfer.created` for a transfer that just went live, written in `trx`. */
export async function emitCreated(trx: Db, deps: TransfersDeps, transferId: string): Promise<void> {
  const row = (await transfersTable(trx).where({ id: transferId }).first()) as TransferRow;
  const files = await filesOf(trx, [transferId], { completeOnly: true });
  const recipients = await recipientsOf(trx, [transferId]);
  await writeEvent(trx, TRANSFER_CREATED, {
    transferId,
    slug: row.slug,
    sendAs: row.send_as,
    ownerId: row.owner_id,
    senderId: row.sender_id,
    senderEmail: row.sender_email,
    senderName: row.sender_name,
    lang: row.lang,
    message: row.message,
    url: transferUrl(deps.publicUrl, row.slug),
    recipients: recipients.map((r) => ({ email: r.email, name: r.name, link: recipientUrl(deps.publicUrl, row.slug, r.token) })),
    fileCount: files.length,
    fileNames: files.slice(0, 20).map((f) => (f.path ? `${f.path}/${f.name}` : f.name)),
    totalSize: formatBytes(Number(row.total_size)),
    expiryDate: row.expiry_date.toISOString(),
    hasPassword: row.password_hash !== null,
  });
}
