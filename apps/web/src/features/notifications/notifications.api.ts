import { NOTIFICATION_ROUTES, type THttpResponse, type TNotification } from '@ferry/contracts';
import { api } from '../../app/api';
import { routeArgs } from '../../app/route-args';

const { list, deleteOne, clearAll, markAllRead } = NOTIFICATION_ROUTES;

/** The in-app feed: download and request-upload alerts, newest first, with the unread count. */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notifications: build.query<THttpResponse<typeof list>, void>({
      query: () => routeArgs(list, { query: { limit: 30 } }),
      providesTags: ['Notifications'],
    }),
    deleteNotification: build.mutation<THttpResponse<typeof deleteOne>, string>({
      query: (id) => routeArgs(deleteOne, { params: { id } }),
      invalidatesTags: ['Notifications'],
    }),
    clearNotifications: build.mutation<THttpResponse<typeof clearAll>, void>({
      query: () => routeArgs(clearAll, {}),
      invalidatesTags: ['Notifications'],
    }),
    markNotificationsRead: build.mutation<THttpResponse<typeof markAllRead>, void>({
      query: () => routeArgs(markAllRead, {}),
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

/** Where an entry leads: the TransferModal of the downloaded transfer, or the request the files arrived on. */
export function notificationPath(item: Pick<TNotification, 'dlOrigin' | 'slug'>): string {
  return `/dash/${item.dlOrigin === 'request' ? 'requests' : 'transfers'}/${encodeURIComponent(item.slug)}`;
}
