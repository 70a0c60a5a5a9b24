import type { TRANSFERS_RPC } from '@ferry/contracts';
import { offerExtension } from './offer-extension';
import { openPublicTransfer } from './open-public-transfer';
import { isActive } from './transfer-view';
import { HOUR_MS, type RpcRequest, type TransfersDeps } from './transfers.deps';
import { notExpiredError } from './transfers.errors';

/**
 * A recipient on an expired link asks for more time: the sender gets the one-click extension
 * mail. Asked again within the hour, nothing more is sent.
 */
export async function requestExtension(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.requestExtension>): Promise<Record<string, never>> {
  const { transfer } = await openPublicTransfer(deps, request, { allowExpired: true });
  const now = deps.clock();
  if (isActive(transfer, now)) throw notExpiredError();
  if (transfer.extensionOfferedAt && now.getTime() - transfer.extensionOfferedAt.getTime() < HOUR_MS) return {};
  await deps.store.transaction((tx) => offerExtension(tx, transfer, 'requested', request.email ?? null, now));
  return {};
}
