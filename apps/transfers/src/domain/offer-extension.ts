import { createHash, randomBytes } from 'node:crypto';
import { TRANSFER_EXTENSION_OFFERED } from '@ferry/contracts';
import type { TransferRecord, TransfersTx } from './transfers.ports';

/** Extension tokens are kept as their hash: the database alone opens no offer. */
export const hashExtensionToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Opens an extension offer (a one-use link for the sender) and writes the event that mails it; nothing without a sender email. */
export async function offerExtension(tx: TransfersTx, transfer: TransferRecord, reason: 'expired' | 'requested', requestedBy: string | null, now: Date): Promise<void> {
  if (!transfer.senderEmail) return;
  const token = randomBytes(24).toString('base64url');
  await tx.updateTransfer(transfer.id, { extensionTokenHash: hashExtensionToken(token), extensionOfferedAt: now });
  await tx.emit(TRANSFER_EXTENSION_OFFERED, {
    transferId: transfer.id,
    slug: transfer.slug,
    reason,
    requestedBy,
    senderEmail: transfer.senderEmail,
    lang: transfer.lang,
    fileName: transfer.firstFileName,
    extensionToken: token,
    expiredAt: transfer.expiryDate.toISOString(),
  });
}
