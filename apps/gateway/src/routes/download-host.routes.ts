import { DOWNLOAD_HOST_ROUTES, DOWNLOAD_HOST_RPC } from '@ferry/contracts';
import type { RouteDeps } from './auth.routes';
import { bindRoute, type BoundRoute } from './route-registry';

/** The Domain tab's custom download host (DOWNLOAD_HOST_ROUTES), answered by identity. */
export function downloadHostRoutes({ bus }: RouteDeps): BoundRoute[] {
  return [
    bindRoute(DOWNLOAD_HOST_ROUTES.getDownloadHost, ({ user }) => bus.request(DOWNLOAD_HOST_RPC.get, { userId: user.sub })),
    bindRoute(DOWNLOAD_HOST_ROUTES.setDownloadHost, ({ user, body }) => bus.request(DOWNLOAD_HOST_RPC.set, { userId: user.sub, host: body.host })),
    bindRoute(DOWNLOAD_HOST_ROUTES.checkDownloadHost, ({ user }) => bus.request(DOWNLOAD_HOST_RPC.check, { userId: user.sub })),
    bindRoute(DOWNLOAD_HOST_ROUTES.removeDownloadHost, ({ user }) => bus.request(DOWNLOAD_HOST_RPC.remove, { userId: user.sub })),
  ];
}
