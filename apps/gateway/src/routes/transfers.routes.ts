import { TRANSFER_ROUTES, TRANSFERS_RPC } from '@ferry/contracts';
import type { Request } from 'express';
import { readVerificationCookie } from '../auth/refresh-cookie';
import type { RouteDeps } from './auth.routes';
import { bindRoute, type BoundRoute } from './route-registry';

/** The client address (through trusted proxies only) and, for anonymous email sends, the ferry_ev ticket. */
function clientOf(req: Request) {
  return { ip: req.ip?.slice(0, 64), verificationTicket: readVerificationCookie(req) };
}

/** The transfer password travels in a header, never in a URL. */
function passwordOf(req: Request): string | undefined {
  const value = req.get('x-transfer-password');
  return value && value.length <= 256 ? value : undefined;
}

/** Transfers, the public download side and extensions (TRANSFER_ROUTES). */
export function transfersRoutes({ bus }: RouteDeps): BoundRoute[] {
  return [
    bindRoute(TRANSFER_ROUTES.create, ({ body, user, req }) => bus.request(TRANSFERS_RPC.create, { caller: user, draft: body, client: clientOf(req) })),
    bindRoute(TRANSFER_ROUTES.complete, ({ body, params, user }) => bus.request(TRANSFERS_RPC.complete, { caller: user, id: params.id, body })),
    bindRoute(TRANSFER_ROUTES.list, ({ user, query }) => bus.request(TRANSFERS_RPC.list, { caller: user, query })),
    bindRoute(TRANSFER_ROUTES.get, ({ user, params }) => bus.request(TRANSFERS_RPC.get, { caller: user, slug: params.slug })),
    bindRoute(TRANSFER_ROUTES.delete, async ({ user, params }) => {
      await bus.request(TRANSFERS_RPC.delete, { caller: user, slug: params.slug });
    }),
    bindRoute(TRANSFER_ROUTES.restrict, async ({ user, params, body }) => {
      await bus.request(TRANSFERS_RPC.restrict, { caller: user, slug: params.slug, restricted: body.restricted });
    }),
    bindRoute(TRANSFER_ROUTES.share, async ({ user, params, body }) => {
      await bus.request(TRANSFERS_RPC.share, { caller: user, slug: params.slug, shareWith: body.shareWith });
    }),
    bindRoute(TRANSFER_ROUTES.addFiles, ({ user, params, body }) => bus.request(TRANSFERS_RPC.addFiles, { caller: user, slug: params.slug, body })),
    bindRoute(TRANSFER_ROUTES.forward, ({ user, params, body }) => bus.request(TRANSFERS_RPC.forward, { caller: user, slug: params.slug, body })),
    bindRoute(TRANSFER_ROUTES.publicGet, ({ params, query, req }) =>
      bus.request(TRANSFERS_RPC.publicGet, { slug: params.slug, password: passwordOf(req), recipient: query.recipient?.slice(0, 64), client: clientOf(req) }),
    ),
    bindRoute(TRANSFER_ROUTES.publicDownload, ({ params, body, req }) =>
      bus.request(TRANSFERS_RPC.publicDownload, { slug: params.slug, password: passwordOf(req), body, client: clientOf(req) }),
    ),
    bindRoute(TRANSFER_ROUTES.requestExtension, async ({ params, body, req }) => {
      await bus.request(
        TRANSFERS_RPC.requestExtension,
        { slug: params.slug, password: passwordOf(req), recipient: body.recipient, email: body.email, client: clientOf(req) },
      );
    }),
    bindRoute(TRANSFER_ROUTES.extend, ({ params }) => bus.request(TRANSFERS_RPC.extend, { token: params.token })),
    bindRoute(TRANSFER_ROUTES.extendOwned, ({ user, params }) => bus.request(TRANSFERS_RPC.extendOwned, { caller: user, slug: params.slug })),
  ];
}
