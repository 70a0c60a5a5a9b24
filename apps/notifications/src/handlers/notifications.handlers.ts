import { handle, type RpcHandler } from '@ferry/bus';
import { NOTIFICATIONS_RPC } from '@ferry/contracts';
import { clearNotifications, deleteNotification, listNotifications, markNotificationsRead } from '../domain/notification-feed';
import type { NotificationFeed } from '../domain/notifications.ports';

/** Every endpoint of `NOTIFICATIONS_RPC`, served in the `notifications` queue group; the bus has validated each request. */
export function notificationsHandlers(feed: NotificationFeed): RpcHandler[] {
  return [
    handle(NOTIFICATIONS_RPC.list, (request) => listNotifications(feed, request)),
    handle(NOTIFICATIONS_RPC.deleteOne, (request) => deleteNotification(feed, request)),
    handle(NOTIFICATIONS_RPC.clearAll, (request) => clearNotifications(feed, request)),
    handle(NOTIFICATIONS_RPC.markAllRead, (request) => markNotificationsRead(feed, request)),
  ];
}
