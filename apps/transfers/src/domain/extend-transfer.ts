import { TRANSFER_EXTENDED, type TRANSFERS_RPC } from '@ferry/contracts';
import { hashExtensionToken } from './offer-extension';
import { absoluteBranding, ownerBranding, ownerLinkOrigin } from './sender-branding';
import { recipientUrl } from './transfer-view';
import { EXTENSION_MS, type RpcRequest, type TransfersDeps } from './transfers.deps';
import { extensionLinkExpiredError } from './transfers.errors';
import type { TransferRecord, TransfersTx } from './transfers.ports';

/**
 * `POST /extensions/{token}`: the sender's one-use link adds 48 hours (from now, for an expired
 * transfer) and the recipients are told the new date. A used, unknown or purged link: 410.
 */
export async function extendTransfer(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.extend>): Promise<{ expiryDate: number }> {
  const now = deps.clock();
  return deps.store.transaction(async (tx) => {
    const transfer = await tx.lockTransferByExtensionToken(hashExtensionToken(request.token));
    if (!transfer) throw extensionLinkExpiredError();
    const expiryDate = new Date(Math.max(now.getTime(), transfer.expiryDate.getTime()) + EXTENSION_MS);
    await applyExtension(deps, tx, transfer, expiryDate, now);
    return { expiryDate: expiryDate.getTime() };
  });
}

/**
 * Sets the new expiry (an open offer's link is spent too: after this expiry the sweep offers again)
 * and tells the recipients the new date, inside the caller's transaction.
 */
export async function applyExtension(deps: TransfersDeps, tx: TransfersTx, transfer: TransferRecord, expiryDate: Date, now: Date): Promise<void> {
  await tx.updateTransfer(transfer.id, { expiryDate, extensionTokenHash: null, extensionOfferedAt: null, extendedAt: now, updatedAt: now });
  const recipients = await tx.recipientsOf([transfer.id]);
  const branding = recipients.length > 0 ? absoluteBranding(await ownerBranding(deps, transfer.ownerId), deps.publicUrl) : undefined;
  const origin = recipients.length > 0 ? await ownerLinkOrigin(deps, transfer.ownerId) : deps.publicUrl;
  await tx.emit(TRANSFER_EXTENDED, {
    transferId: transfer.id,
    slug: transfer.slug,
    senderEmail: transfer.senderEmail,
    lang: transfer.lang,
    recipients: recipients.map((r) => ({ email: r.email, name: r.name, link: recipientUrl(origin, transfer.slug, r.token) })),
    expiryDate: expiryDate.toISOString(),
    branding,
    ownerId: transfer.ownerId,
  });
}
