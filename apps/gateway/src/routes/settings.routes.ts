import { SETTINGS_ROUTES, USER_SETTINGS_RPC } from '@ferry/contracts';
import type { RouteDeps } from './auth.routes';
import { bindRoute, type BoundRoute } from './route-registry';

/** The account's transfer and request settings (SETTINGS_ROUTES). */
export function settingsRoutes({ bus }: RouteDeps): BoundRoute[] {
  return [
    bindRoute(SETTINGS_ROUTES.getSettings, ({ user }) => bus.request(USER_SETTINGS_RPC.getSettings, { userId: user.sub })),
    bindRoute(SETTINGS_ROUTES.updateSettings, ({ user, body }) => bus.request(USER_SETTINGS_RPC.updateSettings, { userId: user.sub, patch: body })),
  ];
}
