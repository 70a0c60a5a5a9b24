import { z } from 'zod';
import { defineRpc } from '../messaging/define-rpc';
import { ZSlug } from '../transfers/transfers.schemas';
import { TRANSFERS_TIMEOUT, ZCaller } from '../transfers/transfers.rpc';
import { ZReceiptCheck, ZReceiptKeySet, ZSignedReceipt, ZVerifyReceiptBody } from './receipt.schemas';

const ZOwnedTransfer = z.object({ caller: ZCaller, slug: ZSlug });

/** Delivery receipts, signed by transfers from its download records. */
export const RECEIPTS_RPC = {
  /** Every recorded download of one of the caller's transfers, each as a signed receipt, newest first. */
  list: defineRpc('svc.transfers.list-receipts', ZOwnedTransfer, z.object({ receipts: z.array(ZSignedReceipt) }), TRANSFERS_TIMEOUT),
  /** One download's receipt, as JSON and as a one-page PDF (base64) carrying the same data. */
  get: defineRpc(
    'svc.transfers.get-receipt',
    ZOwnedTransfer.extend({ downloadId: z.string().uuid() }),
    z.object({ receipt: ZSignedReceipt, pdfBase64: z.string() }),
    TRANSFERS_TIMEOUT,
  ),
  keys: defineRpc('svc.transfers.receipt-keys', z.object({}), ZReceiptKeySet),
  verify: defineRpc('svc.transfers.verify-receipt', ZVerifyReceiptBody, ZReceiptCheck),
  /** `ferry-admin receipt-keys rotate`: a new signing key; old ones stay published. */
  rotateKey: defineRpc('svc.transfers.rotate-receipt-key', z.object({}), z.object({ kid: z.string(), retired: z.array(z.string()) })),
};
