import { randomUUID } from 'node:crypto';
import { GEO_RPC, STORAGE_RPC, TRANSFER_DOWNLOADED, UNKNOWN_LOCATION, previewKindOf, type TGeoLocation, type TRANSFERS_RPC } from '@ferry/contracts';
import { openPublicTransfer, type OpenedTransfer } from './open-public-transfer';
import type { RpcRequest, TransfersDeps } from './transfers.deps';
import { fileNotInTransferError, noPreviewError, notFoundError } from './transfers.errors';
import type { TransferFileRecord } from './transfers.ports';

type DownloadRequest = RpcRequest<typeof TRANSFERS_RPC.publicDownload>;
type SignedUrl = { url: string; expiresAt: string };

/** Where an address is; geo being down never stops a download (the notification resolves it again). */
async function locate(deps: TransfersDeps, ip: string | undefined): Promise<TGeoLocation> {
  if (!ip) return UNKNOWN_LOCATION;
  try {
    return await deps.bus.request(GEO_RPC.lookup, { ip });
  } catch (error) {
    deps.log.warn({ err: error }, 'geo did not answer; the download is recorded without a place');
    return UNKNOWN_LOCATION;
  }
}

/** The ZIP of every file, and the name its download is recorded under. */
async function signAll(deps: TransfersDeps, slug: string, files: TransferFileRecord[]): Promise<{ signed: SignedUrl; fileName: string }> {
  const zip = await deps.bus.request(STORAGE_RPC.signZip, {
    name: `ferry-${slug}.zip`,
    entries: files.map((f) => ({ fileId: f.id, path: f.path ? `${f.path}/${f.name}` : f.name })),
  });
  const first = files[0]?.name ?? '';
  const fileName = files.length === 1 ? first : `${first} and ${files.length - 1} more`;
  return { signed: { url: zip.url, expiresAt: zip.expiresAt }, fileName };
}

/** Records the download and writes `evt.transfer.downloaded` in one transaction. */
async function recordDownload(deps: TransfersDeps, opened: OpenedTransfer, what: { fileId: string | null; fileName: string }, ip: string | undefined): Promise<void> {
  const { transfer, recipient } = opened;
  const place = await locate(deps, ip);
  const now = deps.clock();
  const id = randomUUID();
  await deps.store.transaction(async (tx) => {
    await tx.recordDownload({
      id,
      transferId: transfer.id,
      fileId: what.fileId,
      fileName: what.fileName,
      allFiles: what.fileId === null,
      recipientId: recipient?.id ?? null,
      receiverEmail: recipient?.email ?? null,
      ip: ip ?? null,
      countryCode: place.countryCode,
      country: place.country,
      city: place.city,
      downloadedAt: now,
    });
    await tx.emit(TRANSFER_DOWNLOADED, {
      downloadId: id,
      transferId: transfer.id,
      slug: transfer.slug,
      ownerId: transfer.ownerId,
      senderId: transfer.senderId,
      senderEmail: transfer.senderEmail,
      senderLang: transfer.lang,
      fileName: what.fileName,
      all: what.fileId === null,
      receiverEmail: recipient?.email ?? null,
      ip: ip ?? null,
      downloadedAt: now.toISOString(),
    });
  });
}

/**
 * `POST /public/transfers/{slug}/downloads`: a signed GET (600 s) of one file, or a ZIP of all;
 * the download is recorded (time, address, place, recipient) and `evt.transfer.downloaded`
 * goes out through the outbox in the same transaction.
 */
export async function downloadFromTransfer(deps: TransfersDeps, request: DownloadRequest): Promise<SignedUrl> {
  const opened = await openPublicTransfer(deps, { ...request, recipient: request.body.recipient ?? request.recipient });
  const { transfer, files } = opened;
  if (files.length === 0) throw notFoundError();
  if (!('fileId' in request.body)) {
    const { signed, fileName } = await signAll(deps, transfer.slug, files);
    await recordDownload(deps, opened, { fileId: null, fileName }, request.client.ip);
    return signed;
  }
  const wanted = request.body.fileId;
  const file = files.find((f) => f.id === wanted);
  if (!file) throw fileNotInTransferError();
  // The page showing an image or playing the memo is not a download: signed, not recorded.
  if (request.body.preview && !previewKindOf({ name: file.name, size: file.size, kind: file.kind, contentType: file.contentType })) throw noPreviewError();
  const signed = await deps.bus.request(STORAGE_RPC.signDownload, { fileId: file.id, filename: file.name });
  if (!request.body.preview) await recordDownload(deps, opened, { fileId: file.id, fileName: file.name }, request.client.ip);
  return signed;
}
