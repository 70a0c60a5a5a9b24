import type { RECEIPTS_RPC, TSignedReceipt } from '@ferry/contracts';
import type { RpcRequest, TransfersDeps } from '../transfers.deps';
import { notFoundError } from '../transfers.errors';
import { issueReceipts } from './issue-receipts';
import { renderReceiptPdf } from './receipt-pdf';

/** `GET /transfers/{slug}/receipts/{downloadId}` (JSON) and `…/pdf`: one download's receipt, both ways. */
export async function getReceipt(deps: TransfersDeps, request: RpcRequest<typeof RECEIPTS_RPC.get>): Promise<{ receipt: TSignedReceipt; pdfBase64: string }> {
  const [receipt] = await issueReceipts(deps, request);
  if (!receipt) throw notFoundError();
  return { receipt, pdfBase64: Buffer.from(await renderReceiptPdf(receipt)).toString('base64') };
}
