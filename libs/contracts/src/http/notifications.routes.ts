import { z } from 'zod';
import { ZNotificationList } from '../notifications/notifications.schemas';
import { ZLine } from '../text/text.schemas';
import { defineHttpRoute } from './define-http-route';

export const ZNotificationListQuery = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const ZNotificationParams = z.object({ id: ZLine.min(1).max(64) });

/** The signed-in user's alerts; the user is always the token's subject, never something the client names. */
export const NOTIFICATION_ROUTES = {
  list: defineHttpRoute({
    method: 'get', path: '/notifications', tag: 'notifications', auth: 'user', summary: 'Your notifications, newest first, with the unread count',
    query: ZNotificationListQuery, status: 200, response: ZNotificationList, errors: [400, 401],
  }),
  deleteOne: defineHttpRoute({
    method: 'delete', path: '/notifications/:id', tag: 'notifications', auth: 'user', summary: 'Remove one of your notifications',
    params: ZNotificationParams, status: 204, errors: [400, 401, 404],
  }),
  clearAll: defineHttpRoute({
    method: 'delete', path: '/notifications', tag: 'notifications', auth: 'user', summary: 'Clear all your notifications', status: 204, errors: [401],
  }),
  markAllRead: defineHttpRoute({
    method: 'post', path: '/notifications/read', tag: 'notifications', auth: 'user', summary: 'Mark all your notifications read', status: 204, errors: [401],
  }),
} as const;
