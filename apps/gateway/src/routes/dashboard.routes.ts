import { DASHBOARD_ROUTES, DASHBOARD_RPC } from '@ferry/contracts';
import type { RouteDeps } from './auth.routes';
import { bindRoute, type BoundRoute } from './route-registry';

/** The dashboard home's usage and latest downloads, served by transfers (DASHBOARD_ROUTES). */
export function dashboardRoutes({ bus }: RouteDeps): BoundRoute[] {
  return [
    bindRoute(DASHBOARD_ROUTES.usage, ({ user }) => bus.request(DASHBOARD_RPC.usage, { caller: user })),
    bindRoute(DASHBOARD_ROUTES.latestDownloads, ({ user, query }) => bus.request(DASHBOARD_RPC.latestDownloads, { caller: user, query })),
  ];
}
