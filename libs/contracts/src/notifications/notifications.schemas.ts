import { z } from 'zod';
import { defineRpc } from '../messaging/define-rpc';
import { defineEvent, ZEventBase } from '../messaging/define-event';
import { ZLang } from '../identity/identity.schemas';

/** PRODUCT.md section 3's Notification, plus the city and kind the feed shows. */
export const ZNotification = z.object({
  _id: z.string(),
  slug: z.string(),
  read: z.boolean(),
  /** ISO date of the download (or of the request upload). */
  dlDate: z.string(),
  dlCountryCode: z.string(),
  dlCountry: z.string(),
  dlCity: z.string(),
  receiverEmail: z.string().nullable(),
  fileName: z.string(),
  /** 'download' for a transfer download, 'request' for files that arrived through a file request. */
  dlOrigin: z.enum(['download', 'request']),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationList = z.object({ items: z.array(ZNotification), unread: z.number().int().nonnegative(), total: z.number().int().nonnegative() });
export type TNotificationList = z.infer<typeof ZNotificationList>;

const ZUserId = z.string().min(1).max(64);
const ZEmpty = z.object({});

export const NOTIFICATIONS_RPC = {
  list: defineRpc(
    'svc.notifications.list',
    z.object({ userId: ZUserId, skip: z.number().int().min(0).default(0), limit: z.number().int().min(1).max(100).default(30) }),
    ZNotificationList,
  ),
  /** 404 NOT_FOUND when the notification is not the user's. */
  deleteOne: defineRpc('svc.notifications.delete-one', z.object({ userId: ZUserId, id: z.string().min(1).max(64) }), ZEmpty),
  clearAll: defineRpc('svc.notifications.clear-all', z.object({ userId: ZUserId }), ZEmpty),
  markAllRead: defineRpc('svc.notifications.mark-all-read', z.object({ userId: ZUserId }), ZEmpty),
};

/**
 * A notification was stored. The gateway pushes it to the owner's open SSE streams; the mail
 * service sends the 'downloaded' mail ('{receiver} downloaded {file} from {city}') from it.
 */
export const ZNotificationCreated = ZEventBase.extend({
  userId: z.string().nullable(),
  /** Where the mail goes: the sender (download) or the requester (request). */
  email: z.string().nullable(),
  lang: ZLang,
  notification: ZNotification,
});
export type TNotificationCreated = z.infer<typeof ZNotificationCreated>;
export const NOTIFICATION_CREATED = defineEvent('evt.notification.created', 1, ZNotificationCreated);
