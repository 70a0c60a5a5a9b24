import { IDENTITY_RPC, RECEIPTS_RPC, STORAGE_RPC, type TReceipt, type TReceiptFile, type TSignedReceipt } from '@ferry/contracts';
import { signReceipt } from '@ferry/receipts';
import { findVisibleTransfer } from '../access';
import { transferUrl } from '../transfer-view';
import type { RpcRequest, TransfersDeps } from '../transfers.deps';
import { notFoundError } from '../transfers.errors';
import type { DownloadRecord, TransferFileRecord, TransferRecord } from '../transfers.ports';

/** Downloads a transfer keeps receipts for (its whole download log as the dashboard shows it). */
const MAX_RECEIPTS = 1_000;

type Sender = TReceipt['sender'];

/** The sender as their account names them (name, company); a receipt is still issued when identity does not answer. */
async function senderOf(deps: TransfersDeps, transfer: TransferRecord): Promise<Sender> {
  const known: Sender = { email: transfer.senderEmail, name: transfer.senderName, company: null };
  if (!transfer.senderId) return known;
  try {
    const account = await deps.bus.request(IDENTITY_RPC.getMe, { userId: transfer.senderId });
    return { email: transfer.senderEmail ?? account.email, name: account.fullName ?? known.name, company: account.company ?? null };
  } catch (error) {
    deps.log.warn({ err: error }, 'identity did not answer; the receipt names the sender as the transfer does');
    return known;
  }
}

/** Every file's SHA-256 as storage computed it from the bytes it received. */
async function digestsOf(deps: TransfersDeps, files: TransferFileRecord[]): Promise<Map<string, string | null>> {
  if (files.length === 0) return new Map();
  const { objects } = await deps.bus.request(STORAGE_RPC.getObjects, { fileIds: files.map((f) => f.id) });
  return new Map(objects.map((o) => [o.fileId, o.sha256]));
}

function receiptOf(deps: TransfersDeps, transfer: TransferRecord, download: DownloadRecord, delivered: TReceiptFile[], sender: Sender): TReceipt {
  return {
    type: 'ferry.delivery-receipt',
    version: 1,
    id: download.id,
    issuer: deps.publicUrl,
    issuedAt: deps.clock().toISOString(),
    transfer: { slug: transfer.slug, url: transferUrl(deps.publicUrl, transfer.slug) },
    files: delivered,
    recipient: download.receiverEmail,
    downloadedAt: download.downloadedAt.toISOString(),
    place: { city: download.city, country: download.country, countryCode: download.countryCode },
    sender,
  };
}

/**
 * Signed receipts for a transfer's recorded downloads (all, or the one named): one file, or every
 * file of the transfer for a ZIP download, each with the SHA-256 storage holds for it.
 */
export async function issueReceipts(deps: TransfersDeps, request: RpcRequest<typeof RECEIPTS_RPC.list> & { downloadId?: string }): Promise<TSignedReceipt[]> {
  const transfer = await findVisibleTransfer(deps, request.caller, request.slug);
  const downloads = (await deps.store.downloadsOf([transfer.id], MAX_RECEIPTS)).filter((d) => request.downloadId === undefined || d.id === request.downloadId);
  if (request.downloadId !== undefined && downloads.length === 0) throw notFoundError();
  if (downloads.length === 0) return [];
  const files = await deps.store.filesOf([transfer.id], { completeOnly: true });
  const [digests, sender, key] = await Promise.all([digestsOf(deps, files), senderOf(deps, transfer), deps.receiptKeys.signingKey()]);
  const asDelivered = (f: TransferFileRecord): TReceiptFile => ({ name: f.name, path: f.path, size: f.size, sha256: digests.get(f.id) ?? null });
  return downloads.flatMap((download) => {
    const delivered = download.allFiles ? files.map(asDelivered) : files.filter((f) => f.id === download.fileId).map(asDelivered);
    // A file removed from the transfer since: its download stays in the log but proves nothing about bytes now gone.
    if (delivered.length === 0) return [];
    return [signReceipt(receiptOf(deps, transfer, download, delivered, sender), key)];
  });
}

/** `GET /transfers/{slug}/receipts`. */
export async function listReceipts(deps: TransfersDeps, request: RpcRequest<typeof RECEIPTS_RPC.list>): Promise<{ receipts: TSignedReceipt[] }> {
  return { receipts: await issueReceipts(deps, request) };
}
