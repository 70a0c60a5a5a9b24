import { DASHBOARD_RPC, REQUEST_ROUTES, REQUESTS_RPC } from '@ferry/contracts';
import type { Request } from 'express';
import type { RouteDeps } from './auth.routes';
import { bindRoute, type BoundRoute } from './route-registry';

/** The uploader's address, through trusted proxies only: unknown slugs are counted per address. */
const clientOf = (req: Request) => ({ ip: req.ip?.slice(0, 64) });

/**
 * File requests (the requester's side signed in, the `/r/{slug}` uploader's side public), and the
 * dashboard's contacts and analytics: all served by transfers (REQUEST_ROUTES).
 */
export function requestsRoutes({ bus }: RouteDeps): BoundRoute[] {
  return [
    bindRoute(REQUEST_ROUTES.list, ({ user, query }) => bus.request(REQUESTS_RPC.list, { caller: user, query })),
    bindRoute(REQUEST_ROUTES.create, ({ user, body }) => bus.request(REQUESTS_RPC.create, { caller: user, body })),
    bindRoute(REQUEST_ROUTES.get, ({ user, params }) => bus.request(REQUESTS_RPC.get, { caller: user, slug: params.slug })),
    bindRoute(REQUEST_ROUTES.delete, async ({ user, params }) => {
      await bus.request(REQUESTS_RPC.delete, { caller: user, slug: params.slug });
    }),
    bindRoute(REQUEST_ROUTES.download, ({ user, params, body }) => bus.request(REQUESTS_RPC.download, { caller: user, slug: params.slug, body })),
    bindRoute(REQUEST_ROUTES.publicGet, ({ params, req }) => bus.request(REQUESTS_RPC.publicGet, { slug: params.slug, client: clientOf(req) })),
    bindRoute(REQUEST_ROUTES.startUpload, ({ params, body, req }) => bus.request(REQUESTS_RPC.startUpload, { slug: params.slug, body, client: clientOf(req) })),
    bindRoute(REQUEST_ROUTES.completeUpload, ({ params, body, req }) =>
      bus.request(REQUESTS_RPC.completeUpload, { slug: params.slug, uploadId: params.uploadId, body, client: clientOf(req) }),
    ),
    bindRoute(REQUEST_ROUTES.listContacts, ({ user, query }) => bus.request(DASHBOARD_RPC.listContacts, { caller: user, query })),
    bindRoute(REQUEST_ROUTES.analytics, ({ user, query }) => bus.request(DASHBOARD_RPC.analytics, { caller: user, query })),
  ];
}
