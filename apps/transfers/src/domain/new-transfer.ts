import { randomUUID } from 'node:crypto';
import { TRANSFER_CREATED, type TCaller, type TRecipient, type TRegion, type TLang } from '@ferry/contracts';
import { formatBytes } from '@ferry/plans';
import { ownerIdOf } from './access';
import { expiryAtGoLive } from './draft-rules';
import { newRecipientToken } from './slug';
import { absoluteBranding, ownerBranding, ownerLinkOrigin } from './sender-branding';
import { recipientUrl, transferUrl } from './transfer-view';
import type { TransfersDeps } from './transfers.deps';
import type { TFileKind, TransferFileRecord, TransferRecord, TransfersTx } from './transfers.ports';

export interface NewTransferFields {
  caller: TCaller | null;
  slug: string;
  sendAs: 'link' | 'email';
  senderEmail: string | null;
  senderName: string | null;
  lang: TLang;
  message: string | null;
  region: TRegion;
  passwordHash: string | null;
  expiry: { seconds: number; date: Date };
  shareWith: string[];
  recipients: TRecipient[];
  forwardedFrom?: string;
}

/** Writes a transfer, 'uploading', with its recipients (and the sender's new contacts). */
export async function insertTransfer(tx: TransfersTx, fields: NewTransferFields, now: Date): Promise<TransferRecord> {
  const ownerId = fields.caller ? ownerIdOf(fields.caller) : null;
  const transfer = await tx.insertTransfer({
    id: randomUUID(),
    slug: fields.slug,
    ownerId,
    senderId: fields.caller?.sub ?? null,
    senderEmail: fields.senderEmail,
    senderName: fields.senderName,
    lang: fields.lang,
    sendAs: fields.sendAs,
    message: fields.message,
    region: fields.region,
    passwordHash: fields.passwordHash,
    expirySeconds: fields.expiry.seconds,
    expiryDate: fields.expiry.date,
    shareWith: fields.shareWith,
    forwardedFrom: fields.forwardedFrom ?? null,
    now,
  });
  await tx.insertRecipients(
    fields.recipients.map((r) => ({ id: randomUUID(), transferId: transfer.id, email: r.email, name: r.name ?? null, company: r.company ?? null, token: newRecipientToken() })),
  );
  if (ownerId) await tx.upsertContacts(ownerId, fields.recipients, now);
  return transfer;
}

export interface FileToRecord {
  /** The storage object's file id (its grant's, or its copy's). */
  id: string;
  name: string;
  path: string | null;
  size: number;
  kind: TFileKind;
  contentType?: string | null;
}

/** The rows of files joining a transfer from `firstPosition` on. */
export function transferFiles(
  transferId: string,
  files: FileToRecord[],
  options: { firstPosition: number; status: 'uploading' | 'complete'; now: Date },
): TransferFileRecord[] {
  return files.map((f, index) => ({
    id: f.id,
    transferId,
    position: options.firstPosition + index,
    name: f.name,
    path: f.path,
    size: f.size,
    kind: f.kind,
    contentType: f.contentType ?? null,
    status: options.status,
    createdAt: options.now,
  }));
}

/** Puts an uploading transfer live at `now` and writes `evt.transfer.created` (which sends the mails). */
export async function goLive(tx: TransfersTx, deps: Pick<TransfersDeps, 'publicUrl' | 'bus' | 'log'>, transfer: TransferRecord, now: Date): Promise<void> {
  await tx.updateTransfer(transfer.id, { status: 'live', dateSent: now, expiryDate: expiryAtGoLive(transfer, now), updatedAt: now });
  await emitCreated(tx, deps, transfer.id);
}

/** `evt.transfer.created` for a transfer that just went live. */
async function emitCreated(tx: TransfersTx, deps: Pick<TransfersDeps, 'publicUrl' | 'bus' | 'log'>, transferId: string): Promise<void> {
  const transfer = await tx.findTransferById(transferId);
  if (!transfer) throw new Error(`transfer ${transferId} vanished while going live`);
  const files = await tx.filesOf([transferId], { completeOnly: true });
  const recipients = await tx.recipientsOf([transferId]);
  const origin = await ownerLinkOrigin(deps, transfer.ownerId);
  await tx.emit(TRANSFER_CREATED, {
    transferId,
    slug: transfer.slug,
    sendAs: transfer.sendAs,
    ownerId: transfer.ownerId,
    senderId: transfer.senderId,
    senderEmail: transfer.senderEmail,
    senderName: transfer.senderName,
    lang: transfer.lang,
    message: transfer.message,
    url: transferUrl(origin, transfer.slug),
    recipients: recipients.map((r) => ({ email: r.email, name: r.name, link: recipientUrl(origin, transfer.slug, r.token) })),
    fileCount: files.length,
    fileNames: files.slice(0, 20).map((f) => (f.path ? `${f.path}/${f.name}` : f.name)),
    totalSize: formatBytes(transfer.totalSize),
    expiryDate: transfer.expiryDate.toISOString(),
    hasPassword: transfer.passwordHash !== null,
    branding: transfer.sendAs === 'email' ? absoluteBranding(await ownerBranding(deps, transfer.ownerId), deps.publicUrl) : undefined,
  });
}
