import { DOWNLOAD_HOST_ROUTES, DOWNLOAD_HOST_RPC, SENDING_DOMAIN_ROUTES, SENDING_DOMAIN_RPC } from '@ferry/contracts';
import type { RouteDeps } from './auth.routes';
import { bindRoute, type BoundRoute } from './route-registry';

/** The Domain tab: the custom download host (DOWNLOAD_HOST_ROUTES) and sending domain (SENDING_DOMAIN_ROUTES), answered by identity. */
export function domainRoutes({ bus }: RouteDeps): BoundRoute[] {
  return [
    bindRoute(DOWNLOAD_HOST_ROUTES.getDownloadHost, ({ user }) => bus.request(DOWNLOAD_HOST_RPC.get, { userId: user.sub })),
    bindRoute(DOWNLOAD_HOST_ROUTES.setDownloadHost, ({ user, body }) => bus.request(DOWNLOAD_HOST_RPC.set, { userId: user.sub, host: body.host })),
    bindRoute(DOWNLOAD_HOST_ROUTES.checkDownloadHost, ({ user }) => bus.request(DOWNLOAD_HOST_RPC.check, { userId: user.sub })),
    bindRoute(DOWNLOAD_HOST_ROUTES.removeDownloadHost, ({ user }) => bus.request(DOWNLOAD_HOST_RPC.remove, { userId: user.sub })),
    bindRoute(SENDING_DOMAIN_ROUTES.getSendingDomain, ({ user }) => bus.request(SENDING_DOMAIN_RPC.get, { userId: user.sub })),
    bindRoute(SENDING_DOMAIN_ROUTES.setSendingDomain, ({ user, body }) => bus.request(SENDING_DOMAIN_RPC.set, { userId: user.sub, domain: body.domain })),
    bindRoute(SENDING_DOMAIN_ROUTES.checkSendingDomain, ({ user }) => bus.request(SENDING_DOMAIN_RPC.check, { userId: user.sub })),
    bindRoute(SENDING_DOMAIN_ROUTES.removeSendingDomain, ({ user }) => bus.request(SENDING_DOMAIN_RPC.remove, { userId: user.sub })),
  ];
}
