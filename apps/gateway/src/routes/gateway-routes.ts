import { accountRoutes } from './account.routes';
import { authRoutes, type RouteDeps } from './auth.routes';
import { feedbackRoutes } from './feedback.routes';
import { geoRoutes } from './geo.routes';
import { notificationRoutes } from './notifications.routes';
import { requestsRoutes } from './requests.routes';
import type { BoundRoute } from './route-registry';
import { storageRoutes } from './storage.routes';
import { transfersRoutes } from './transfers.routes';

/** Every route contract of `@ferry/contracts` bound to its handler. */
export function gatewayRoutes(deps: RouteDeps): BoundRoute[] {
  return [authRoutes, accountRoutes, storageRoutes, transfersRoutes, geoRoutes, notificationRoutes, requestsRoutes, feedbackRoutes].flatMap((build) => build(deps));
}
