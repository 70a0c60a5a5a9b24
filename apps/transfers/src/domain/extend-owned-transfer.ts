import { CUSTOM_EXPIRY_MAX_MS } from '@ferry/plans';
import type { TRANSFERS_RPC } from '@ferry/contracts';
import { canManage } from './access';
import { applyExtension } from './extend-transfer';
import { EXTENSION_MS, type RpcRequest, type TransfersDeps } from './transfers.deps';
import { extensionLinkExpiredError, fieldError, notFoundError } from './transfers.errors';

/**
 * `POST /transfers/{slug}/extension`: the sender (or the team admin) adds 48 hours from the
 * dashboard, counted from now for an expired transfer, never past a year from now (the longest
 * expiry there is); the recipients are told the new date. Once purged, its files are gone: 410.
 */
export async function extendOwnedTransfer(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.extendOwned>): Promise<{ expiryDate: number }> {
  const now = deps.clock();
  return deps.store.transaction(async (tx) => {
    const transfer = await tx.findTransferBySlug(request.slug, { forUpdate: true });
    if (!transfer || transfer.status !== 'live' || !canManage(transfer, request.caller)) throw notFoundError();
    if (transfer.purgedAt) throw extensionLinkExpiredError();
    const expiryDate = new Date(Math.max(now.getTime(), transfer.expiryDate.getTime()) + EXTENSION_MS);
    if (expiryDate.getTime() > now.getTime() + CUSTOM_EXPIRY_MAX_MS) throw fieldError('expiryDate', 'A transfer can be kept for 1 year at most');
    await applyExtension(deps, tx, transfer, expiryDate, now);
    return { expiryDate: expiryDate.getTime() };
  });
}
