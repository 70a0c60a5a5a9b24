import { randomUUID } from 'node:crypto';
import { writeEvent } from '@ferry/bus';
import {
  AppError,
  GEO_RPC,
  STORAGE_RPC,
  TRANSFER_DOWNLOADED,
  TRANSFERS_RPC,
  UNKNOWN_LOCATION,
  previewKindOf,
  type TGeoLocation,
  type TPublicTransfer,
} from '@ferry/contracts';
import { downloadsTable, filesOf, findTransferBySlug, recipientsTable, transfersTable, type FileRow, type RecipientRow, type TransferRow } from '../store/transfers.store';
import { notFound } from './access';
import { checkTransferPassword } from './transfer-password';
import { isActive, publicView } from './transfer-view';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

type PublicAccess = Pick<RpcRequest<typeof TRANSFERS_RPC.publicGet>, 'slug' | 'password' | 'recipient' | 'client'>;

export const expiredError = () => new AppError('TRANSFER_EXPIRED', { message: 'This transfer has expired. Ask the sender for more time.' });

/**
 * The checks of every public call, in the order that reveals least: unknown (rate-limited per
 * address), disabled by the sender, expired, then the password (limited per address and per
 * transfer: `checkTransferPassword`). Nothing is answered before the password when there is one.
 */
export async function openPublicTransfer(
  deps: TransfersDeps,
  access: PublicAccess,
  options: { allowExpired?: boolean } = {},
): Promise<{ transfer: TransferRow; files: FileRow[]; recipient: RecipientRow | null }> {
  deps.slugMisses.check(access.client.ip);
  const transfer = await findTransferBySlug(deps.db, access.slug);
  if (!transfer || transfer.status !== 'live' || transfer.purged_at) {
    deps.slugMisses.record(access.client.ip);
    throw notFound();
  }
  if (transfer.restricted) throw new AppError('TRANSFER_RESTRICTED', { message: 'The sender has disabled this link' });
  if (!options.allowExpired && !isActive(transfer, deps.clock())) throw expiredError();
  const recipient = access.recipient ? ((await recipientsTable(deps.db).where({ transfer_id: transfer.id, token: access.recipient }).first()) ?? null) : null;
  if (transfer.password_hash) {
    if (!access.password) throw new AppError('PASSWORD_REQUIRED', { message: 'This transfer is protected by a password' });
    await checkTransferPassword(deps, { id: transfer.id, passwordHash: transfer.password_hash }, access.password, { ip: access.client.ip ?? '', isRecipient: recipient !== null });
  }
  return { transfer, files: await filesOf(deps.db, [transfer.id], { completeOnly: true }), recipient };
}

/** `GET /public/transfers/{slug}`: what the download page shows. */
export async function getPublicTransfer(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.publicGet>): Promise<TPublicTransfer> {
  const { transfer, files, recipient } = await openPublicTransfer(deps, request);
  return publicView(transfer, files, recipient?.email ?? null);
}

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

/**
 * `POST /public/transfers/{slug}/downloads`: a signed GET (600 s) of one file, or a ZIP of all;
 * the download is recorded (time, address, place, recipient) and `evt.transfer.downloaded`
 * goes out through the outbox in the same transaction.
 */
export async function downloadFromTransfer(
  deps: TransfersDeps,
  request: RpcRequest<typeof TRANSFERS_RPC.publicDownload>,
): Promise<{ url: string; expiresAt: string }> {
  const recipientToken = request.body.recipient ?? request.recipient;
  const { transfer, files, recipient } = await openPublicTransfer(deps, { ...request, recipient: recipientToken });
  if (files.length === 0) throw notFound();
  let signed: { url: string; expiresAt: string };
  let fileName: string;
  let fileId: string | null = null;
  if ('fileId' in request.body) {
    const wanted = request.body.fileId;
    const file = files.find((f) => f.id === wanted);
    if (!file) throw new AppError('NOT_FOUND', { message: 'That file is not in this transfer' });
    // The page showing an image or playing the memo is not a download: signed, not recorded.
    if (request.body.preview) {
      if (!previewKindOf({ name: file.name, size: Number(file.size), kind: file.kind, contentType: file.content_type })) {
        throw new AppError('VALIDATION_FAILED', { message: 'This file has no preview; download it instead' });
      }
      return deps.bus.request(STORAGE_RPC.signDownload, { fileId: file.id, filename: file.name });
    }
    signed = await deps.bus.request(STORAGE_RPC.signDownload, { fileId: file.id, filename: file.name });
    fileName = file.name;
    fileId = file.id;
  } else {
    const zip = await deps.bus.request(STORAGE_RPC.signZip, {
      name: `ferry-${transfer.slug}.zip`,
      entries: files.map((f) => ({ fileId: f.id, path: f.path ? `${f.path}/${f.name}` : f.name })),
    });
    signed = { url: zip.url, expiresAt: zip.expiresAt };
    fileName = files.length === 1 ? (files[0] as FileRow).name : `${(files[0] as FileRow).name} and ${files.length - 1} more`;
  }
  const place = await locate(deps, request.client.ip);
  const now = deps.clock();
  await deps.db.transaction(async (trx) => {
    const id = randomUUID();
    await downloadsTable(trx).insert({
      id,
      transfer_id: transfer.id,
      file_id: fileId,
      file_name: fileName,
      all_files: fileId === null,
      recipient_id: recipient?.id ?? null,
      receiver_email: recipient?.email ?? null,
      ip: request.client.ip ?? null,
      country_code: place.countryCode,
      country: place.country,
      city: place.city,
      downloaded_at: now,
    });
    await transfersTable(trx).where({ id: transfer.id }).increment('download_count', 1);
    await writeEvent(trx, TRANSFER_DOWNLOADED, {
      downloadId: id,
      transferId: transfer.id,
      slug: transfer.slug,
      ownerId: transfer.owner_id,
      senderId: transfer.sender_id,
      senderEmail: transfer.sender_email,
      senderLang: transfer.lang,
      fileName,
      all: fileId === null,
      receiverEmail: recipient?.email ?? null,
      ip: request.client.ip ?? null,
      downloadedAt: now.toISOString(),
    });
  });
  deps.eventsCommitted();
  return signed;
}
