import { ACCOUNT_ROUTES } from './account.routes';
import { ACCOUNT_LIFECYCLE_ROUTES } from './account-lifecycle.routes';
import { API_TOKEN_ROUTES } from './api-tokens.routes';
import { AUTH_ROUTES } from './auth.routes';
import { BILLING_PROVIDER_ROUTES } from './billing-provider.routes';
import { BILLING_ROUTES } from './billing.routes';
import { BRANDING_ROUTES } from './branding.routes';
import { DOWNLOAD_HOST_ROUTES } from './download-host.routes';
import { SENDING_DOMAIN_ROUTES } from './sending-domain.routes';
import { DASHBOARD_ROUTES } from './dashboard.routes';
import type { HttpRoute } from './define-http-route';
import { FEEDBACK_ROUTES } from './feedback.routes';
import { GEO_ROUTES } from './geo.routes';
import { NOTIFICATION_ROUTES } from './notifications.routes';
import { RECEIPT_ROUTES } from './receipts.routes';
import { REQUEST_ROUTES } from './requests.routes';
import { SETTINGS_ROUTES } from './settings.routes';
import { STORAGE_ROUTES } from './storage.routes';
import { TEST_CLOCK_ROUTES } from './test-clock.routes';
import { TRANSFER_ROUTES } from './transfers.routes';

/** Every route of the public API under /api/v1 (the notification stream, an SSE, is the gateway's own). */
export const HTTP_ROUTES: readonly HttpRoute[] = [
  ...Object.values(AUTH_ROUTES),
  ...Object.values(ACCOUNT_ROUTES),
  ...Object.values(ACCOUNT_LIFECYCLE_ROUTES),
  ...Object.values(STORAGE_ROUTES),
  ...Object.values(TRANSFER_ROUTES),
  ...Object.values(RECEIPT_ROUTES),
  ...Object.values(GEO_ROUTES),
  ...Object.values(NOTIFICATION_ROUTES),
  ...Object.values(REQUEST_ROUTES),
  ...Object.values(FEEDBACK_ROUTES),
  ...Object.values(DASHBOARD_ROUTES),
  ...Object.values(BILLING_ROUTES),
  ...Object.values(BILLING_PROVIDER_ROUTES),
  ...Object.values(TEST_CLOCK_ROUTES),
  ...Object.values(BRANDING_ROUTES),
  ...Object.values(DOWNLOAD_HOST_ROUTES),
  ...Object.values(SENDING_DOMAIN_ROUTES),
  ...Object.values(SETTINGS_ROUTES),
  ...Object.values(API_TOKEN_ROUTES),
];
