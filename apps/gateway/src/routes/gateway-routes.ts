import { accountRoutes } from './account.routes';
import { accountLifecycleRoutes } from './account-lifecycle.routes';
import { apiTokenRoutes } from './api-tokens.routes';
import { authRoutes, type RouteDeps } from './auth.routes';
import { billingProviderRoutes } from './billing-provider.routes';
import { billingRoutes } from './billing.routes';
import { brandingRoutes } from './branding.routes';
import { dashboardRoutes } from './dashboard.routes';
import { domainRoutes } from './domain.routes';
import { feedbackRoutes } from './feedback.routes';
import { geoRoutes } from './geo.routes';
import { notificationRoutes } from './notifications.routes';
import { requestsRoutes } from './requests.routes';
import { receiptsRoutes } from './receipts.routes';
import type { BoundRoute } from './route-registry';
import { settingsRoutes } from './settings.routes';
import { storageRoutes } from './storage.routes';
import { testClockRoutes } from './test-clock.routes';
import { transfersRoutes } from './transfers.routes';

/** Every route contract of `@ferry/contracts` bound to its handler. */
export function gatewayRoutes(deps: RouteDeps): BoundRoute[] {
  return [authRoutes, accountRoutes, accountLifecycleRoutes, storageRoutes, transfersRoutes, receiptsRoutes, geoRoutes, notificationRoutes, requestsRoutes, feedbackRoutes, dashboardRoutes, billingRoutes, billingProviderRoutes, testClockRoutes, settingsRoutes, apiTokenRoutes, brandingRoutes, domainRoutes].flatMap(
    (build) => build(deps),
  );
}
