import { AppError, type TNotificationList } from '@ferry/contracts';
import type { NotificationFeed } from './notifications.ports';

/** The user's notifications, newest first, with how many are unread and how many there are. */
export function listNotifications(feed: NotificationFeed, request: { userId: string; skip: number; limit: number }): Promise<TNotificationList> {
  return feed.list(request.userId, { skip: request.skip, limit: request.limit });
}

/** Removes one of the user's notifications; someone else's is as unknown as a missing one. */
export async function deleteNotification(feed: NotificationFeed, request: { userId: string; id: string }): Promise<Record<string, never>> {
  if (!(await feed.deleteOne(request.userId, request.id))) {
    throw new AppError('NOT_FOUND', { message: 'No such notification' });
  }
  return {};
}

/** 'Clear all alerts'. */
export async function clearNotifications(feed: NotificationFeed, request: { userId: string }): Promise<Record<string, never>> {
  await feed.clearAll(request.userId);
  return {};
}

/** Opening the bell reads everything in it. */
export async function markNotificationsRead(feed: NotificationFeed, request: { userId: string }): Promise<Record<string, never>> {
  await feed.markAllRead(request.userId);
  return {};
}
