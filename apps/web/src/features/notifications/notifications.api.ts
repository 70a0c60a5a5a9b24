import type { TNotificationList } from '@ferry/contracts';
import { api } from '../../app/api';

/** The in-app feed: download and request-upload alerts, newest first, with the unread count. */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notifications: build.query<TNotificationList, void>({
      query: () => '/notifications?limit=30',
      providesTags: ['Notifications'],
    }),
    deleteNotification: build.mutation<void, string>({
      query: (id) => ({ url: `/notifications/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Notifications'],
    }),
    clearNotifications: build.mutation<void, void>({
      query: () => ({ url: '/notifications', method: 'DELETE' }),
      invalidatesTags: ['Notifications'],
    }),
    markNotificationsRead: build.mutation<void, void>({
      query: () => ({ url: '/notifications/read', method: 'POST' }),
      invalidatesTags: ['Notifications'],
    }),
  }),
});

export const { useNotificationsQuery, useDeleteNotificationMutation, useClearNotificationsMutation, useMarkNotificationsReadMutation } = notificationsApi;

/** The bell's counter: the number, or 9+ above 9. */
export function unreadBadge(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 9 ? '9+' : String(unread);
}
