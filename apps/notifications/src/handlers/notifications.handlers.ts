import { serve, type RpcHandler } from '@ferry/bus';
import { NOTIFICATIONS_RPC } from '@ferry/contracts';
import { clearNotifications, deleteNotification, listNotifications, markNotificationsRead } from '../domain/notification-feed';
import type { NotificationFeed } from '../domain/notifications.ports';

/** Every endpoint of `NOTIFICATIONS_RPC`, served in the `notifications` queue group; the bus has validated each request. */
export function notificationsHandlers(feed: NotificationFeed): RpcHandler[] {
  return [
    serve(feed, NOTIFICATIONS_RPC.list, listNotifications),
    serve(feed, NOTIFICATIONS_RPC.deleteOne, deleteNotification),
    serve(feed, NOTIFICATIONS_RPC.clearAll, clearNotifications),
    serve(feed, NOTIFICATIONS_RPC.markAllRead, markNotificationsRead),
  ];
}
