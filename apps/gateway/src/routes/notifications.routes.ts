import { NOTIFICATIONS_RPC, ZLine, ZNotificationList, type TAccessClaims } from '@ferry/contracts';
import { z } from 'zod';
import type { RouteDeps } from './auth.routes';
import { defineRoute, type RouteSpec } from './route-registry';

const ZListQuery = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
const ZNotificationIdParam = z.object({ id: ZLine.min(1).max(64) });

/** The signed-in user's alerts; the user is always the token's subject, never something the client names. */
export function notificationRoutes({ bus }: RouteDeps): RouteSpec[] {
  const userId = (user: TAccessClaims | null) => (user as TAccessClaims).sub;
  return [
    defineRoute<undefined, Record<string, string>, z.infer<typeof ZListQuery>>({
      method: 'get', path: '/notifications', tag: 'notifications', auth: 'user', summary: 'Your notifications, newest first, with the unread count',
      query: ZListQuery, responses: { 200: ZNotificationList }, errors: [400, 401],
      handler: async ({ user, query }) => ({
        status: 200,
        body: await bus.request(NOTIFICATIONS_RPC.list, { userId: userId(user), skip: query.skip, limit: query.limit }),
      }),
    }),
    defineRoute<undefined, z.infer<typeof ZNotificationIdParam>>({
      method: 'delete', path: '/notifications/:id', tag: 'notifications', auth: 'user', summary: 'Remove one of your notifications',
      params: ZNotificationIdParam, responses: { 204: null }, errors: [400, 401, 404],
      handler: async ({ user, params }) => {
        await bus.request(NOTIFICATIONS_RPC.deleteOne, { userId: userId(user), id: params.id });
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'delete', path: '/notifications', tag: 'notifications', auth: 'user', summary: 'Clear all your notifications',
      responses: { 204: null }, errors: [401],
      handler: async ({ user }) => {
        await bus.request(NOTIFICATIONS_RPC.clearAll, { userId: userId(user) });
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'post', path: '/notifications/read', tag: 'notifications', auth: 'user', summary: 'Mark all your notifications read',
      responses: { 204: null }, errors: [401],
      handler: async ({ user }) => {
        await bus.request(NOTIFICATIONS_RPC.markAllRead, { userId: userId(user) });
        return { status: 204 };
      },
    }),
  ];
}
