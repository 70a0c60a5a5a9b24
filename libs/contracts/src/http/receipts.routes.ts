import { z } from 'zod';
import { ZReceiptCheck, ZReceiptKeySet, ZSignedReceipt, ZVerifyReceiptBody } from '../receipts/receipt.schemas';
import { ZSlug } from '../transfers/transfers.schemas';
import { defineHttpRoute } from './define-http-route';

export const ZReceiptParams = z.object({ slug: ZSlug, downloadId: z.string().uuid() });

/** Signed delivery receipts: the sender downloads them; anyone checks one. */
export const RECEIPT_ROUTES = {
  list: defineHttpRoute({
    method: 'get', path: '/transfers/:slug/receipts', tag: 'receipts', auth: 'user',
    summary: 'A signed delivery receipt for every recorded download of your transfer, newest first',
    params: z.object({ slug: ZSlug }), status: 200, response: z.object({ receipts: z.array(ZSignedReceipt) }), errors: [401, 404],
  }),
  get: defineHttpRoute({
    method: 'get', path: '/transfers/:slug/receipts/:downloadId', tag: 'receipts', auth: 'user',
    summary: "One download's signed receipt (receipt-{id}.json)",
    params: ZReceiptParams, status: 200, response: ZSignedReceipt, errors: [401, 404],
  }),
  pdf: defineHttpRoute({
    method: 'get', path: '/transfers/:slug/receipts/:downloadId/pdf', tag: 'receipts', auth: 'user',
    summary: "One download's receipt as a one-page PDF (application/pdf; the signed JSON attached, a QR code to /verify)",
    params: ZReceiptParams, status: 200, errors: [401, 404],
  }),
  keys: defineHttpRoute({
    method: 'get', path: '/receipt-keys', tag: 'receipts', auth: 'none',
    summary: 'The public keys receipts are signed with, retired ones included (also at /.well-known/ferry-receipt-keys.json)',
    status: 200, response: ZReceiptKeySet,
  }),
  verify: defineHttpRoute({
    method: 'post', path: '/receipts/verify', tag: 'receipts', auth: 'none',
    summary: 'Check a receipt (and optionally the SHA-256 of a file) against the published keys',
    body: ZVerifyReceiptBody, status: 200, response: ZReceiptCheck, errors: [400],
  }),
};
