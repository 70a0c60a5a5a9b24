import type { TLang, TNotification, TNotificationCreated } from '@ferry/contracts';
import { downloadedTemplate, requestUploadedTemplate, type NotificationMailVars } from '../templates/notification.templates';
import { mailDate } from '../templates/transfer.templates';
import type { MailKind, RenderedMail } from './mail.types';
import { renderMail } from './render-mail';

/** Geo's word for a place it does not know. */
const UNKNOWN = 'unknown';

const known = (value: string): string | null => (value.trim() === '' || value === UNKNOWN ? null : value);

/** The dashboard page of the transfer (download) or request (upload) the notification is about. */
export function notificationLink(publicUrl: string, notification: Pick<TNotificationCreated['notification'], 'dlOrigin' | 'slug'>): string {
  const section = notification.dlOrigin === 'request' ? 'requests' : 'transfers';
  return `${publicUrl}/dash/${section}/${encodeURIComponent(notification.slug)}`;
}

/** What a mail says of one notification: who, what, where, when, and the link. */
export function notificationVars(notification: TNotification, lang: TLang, publicUrl: string): NotificationMailVars {
  const country = known(notification.dlCountry);
  return {
    who: notification.receiverEmail?.trim() || null,
    fileName: notification.fileName,
    place: known(notification.dlCity) ?? country,
    country,
    date: Number.isNaN(Date.parse(notification.dlDate)) ? notification.dlDate : mailDate(notification.dlDate, lang),
    link: notificationLink(publicUrl, notification),
  };
}

/** The mail of a stored notification: 'downloaded' to the sender, or 'request-uploaded' to the requester. */
export function renderNotificationMail(
  event: Pick<TNotificationCreated, 'lang' | 'notification'>,
  options: { publicUrl: string },
): { kind: MailKind; mail: RenderedMail } {
  const { notification, lang } = event;
  const vars = notificationVars(notification, lang, options.publicUrl);
  const isRequest = notification.dlOrigin === 'request';
  const content = (isRequest ? requestUploadedTemplate : downloadedTemplate)[lang](vars);
  return { kind: isRequest ? 'request-uploaded' : 'downloaded', mail: renderMail(content, { lang, publicUrl: options.publicUrl }) };
}
