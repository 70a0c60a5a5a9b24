import { NOTIFICATION_ROUTES, NOTIFICATIONS_RPC } from '@ferry/contracts';
import type { RouteDeps } from './auth.routes';
import { bindRoute, type BoundRoute } from './route-registry';

/** The signed-in user's alerts; the user is always the token's subject, never something the client names. */
export function notificationRoutes({ bus }: RouteDeps): BoundRoute[] {
  return [
    bindRoute(NOTIFICATION_ROUTES.list, ({ user, query }) =>
      bus.request(NOTIFICATIONS_RPC.list, { userId: user.sub, skip: query.skip, limit: query.limit }),
    ),
    bindRoute(NOTIFICATION_ROUTES.deleteOne, async ({ user, params }) => {
      await bus.request(NOTIFICATIONS_RPC.deleteOne, { userId: user.sub, id: params.id });
    }),
    bindRoute(NOTIFICATION_ROUTES.clearAll, async ({ user }) => {
      await bus.request(NOTIFICATIONS_RPC.clearAll, { userId: user.sub });
    }),
    bindRoute(NOTIFICATION_ROUTES.markAllRead, async ({ user }) => {
      await bus.request(NOTIFICATIONS_RPC.markAllRead, { userId: user.sub });
    }),
  ];
}
