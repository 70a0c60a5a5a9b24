import type { Bus } from '@ferry/bus';
import { RECEIPT_ROUTES, RECEIPTS_RPC } from '@ferry/contracts';
import type { NextFunction, Request, Response } from 'express';
import type { RouteDeps } from './auth.routes';
import { bindRoute, type BoundRoute } from './route-registry';

/** Where verifiers look for the keys (RECEIPT_ROUTES.keys serves the same set under /api/v1). */
export const RECEIPT_KEYS_WELL_KNOWN = '/.well-known/ferry-receipt-keys.json';

/** Delivery receipts (RECEIPT_ROUTES): issued by transfers, the PDF sent as a file. */
export function receiptsRoutes({ bus }: RouteDeps): BoundRoute[] {
  return [
    bindRoute(RECEIPT_ROUTES.list, ({ user, params }) => bus.request(RECEIPTS_RPC.list, { caller: user, slug: params.slug })),
    bindRoute(RECEIPT_ROUTES.get, async ({ user, params, res }) => {
      const { receipt } = await bus.request(RECEIPTS_RPC.get, { caller: user, slug: params.slug, downloadId: params.downloadId });
      res.attachment(`receipt-${params.downloadId}.json`);
      return receipt;
    }),
    bindRoute(RECEIPT_ROUTES.pdf, async ({ user, params, res }) => {
      const { pdfBase64 } = await bus.request(RECEIPTS_RPC.get, { caller: user, slug: params.slug, downloadId: params.downloadId });
      res.attachment(`receipt-${params.downloadId}.pdf`).type('application/pdf').status(200).send(Buffer.from(pdfBase64, 'base64'));
    }),
    bindRoute(RECEIPT_ROUTES.keys, async ({ res }) => {
      res.set('cache-control', 'public, max-age=300');
      return bus.request(RECEIPTS_RPC.keys, {});
    }),
    bindRoute(RECEIPT_ROUTES.verify, ({ body }) => bus.request(RECEIPTS_RPC.verify, body)),
  ];
}

/** `/.well-known/ferry-receipt-keys.json`: the published key set, cacheable for five minutes. */
export function receiptKeysWellKnown(bus: Pick<Bus, 'request'>) {
  return (_req: Request, res: Response, next: NextFunction) => {
    bus
      .request(RECEIPTS_RPC.keys, {})
      .then((keys) => res.set('cache-control', 'public, max-age=300').set('access-control-allow-origin', '*').json(keys))
      .catch(next);
  };
}
