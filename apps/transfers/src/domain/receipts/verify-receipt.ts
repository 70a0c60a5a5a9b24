import type { RECEIPTS_RPC, TReceiptCheck, TReceiptKeySet } from '@ferry/contracts';
import { verifyReceipt } from '@ferry/receipts';
import type { RpcRequest, TransfersDeps } from '../transfers.deps';

/** `POST /receipts/verify`: the receipt checked against every key this Ferry has published. */
export async function checkReceipt(deps: TransfersDeps, request: RpcRequest<typeof RECEIPTS_RPC.verify>): Promise<TReceiptCheck> {
  return verifyReceipt(request.receipt, await deps.receiptKeys.published(), request.sha256);
}

/** `/.well-known/ferry-receipt-keys.json`. */
export async function publishedReceiptKeys(deps: TransfersDeps): Promise<TReceiptKeySet> {
  return deps.receiptKeys.published();
}

/** `ferry-admin receipt-keys rotate`. */
export async function rotateReceiptKey(deps: TransfersDeps): Promise<{ kid: string; retired: string[] }> {
  const rotated = await deps.receiptKeys.rotate();
  deps.log.info(rotated, 'receipts are signed with a new key; the old ones stay published');
  return rotated;
}
