import { serve, type RpcHandler } from '@ferry/bus';
import { RECEIPTS_RPC } from '@ferry/contracts';
import { getReceipt } from '../domain/receipts/get-receipt';
import { listReceipts } from '../domain/receipts/issue-receipts';
import { checkReceipt, publishedReceiptKeys, rotateReceiptKey } from '../domain/receipts/verify-receipt';
import type { TransfersDeps } from '../domain/transfers.deps';

/** Every endpoint of `RECEIPTS_RPC`. */
export function receiptsHandlers(deps: TransfersDeps): RpcHandler[] {
  return [
    serve(deps, RECEIPTS_RPC.list, listReceipts),
    serve(deps, RECEIPTS_RPC.get, getReceipt),
    serve(deps, RECEIPTS_RPC.keys, publishedReceiptKeys),
    serve(deps, RECEIPTS_RPC.verify, checkReceipt),
    serve(deps, RECEIPTS_RPC.rotateKey, rotateReceiptKey),
  ];
}
