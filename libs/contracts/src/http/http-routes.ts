import { ACCOUNT_ROUTES } from './account.routes';
import { AUTH_ROUTES } from './auth.routes';
import type { HttpRoute } from './define-http-route';
import { FEEDBACK_ROUTES } from './feedback.routes';
import { GEO_ROUTES } from './geo.routes';
import { NOTIFICATION_ROUTES } from './notifications.routes';
import { REQUEST_ROUTES } from './requests.routes';
import { STORAGE_ROUTES } from './storage.routes';
import { TRANSFER_ROUTES } from './transfers.routes';

/** Every route of the public API under /api/v1 (the notification stream, an SSE, is the gateway's own). */
export const HTTP_ROUTES: readonly HttpRoute[] = [
  ...Object.values(AUTH_ROUTES),
  ...Object.values(ACCOUNT_ROUTES),
  ...Object.values(STORAGE_ROUTES),
  ...Object.values(TRANSFER_ROUTES),
  ...Object.values(GEO_ROUTES),
  ...Object.values(NOTIFICATION_ROUTES),
  ...Object.values(REQUEST_ROUTES),
  ...Object.values(FEEDBACK_ROUTES),
];
