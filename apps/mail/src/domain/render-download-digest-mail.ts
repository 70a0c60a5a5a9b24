import type { TLang, TNotification } from '@ferry/contracts';
import { downloadDigestTemplate } from '../templates/notification.templates';
import type { MailKind, RenderedMail } from './mail.types';
import { renderMail } from './render-mail';
import { notificationLink, notificationVars, renderNotificationMail } from './render-notification-mail';

/** Downloads one digest mail lists by name; the rest are counted. */
export const DIGEST_LISTED = 50;

/**
 * The sender's mail for the downloads of one transfer collected in one window: a single
 * download reads as the 'downloaded' mail, several as one list.
 */
export function renderDownloadDigestMail(
  digest: { lang: TLang; notifications: TNotification[] },
  options: { publicUrl: string },
): { kind: MailKind; mail: RenderedMail } {
  const { lang, notifications } = digest;
  const [first] = notifications;
  if (!first) throw new Error('a download digest without downloads');
  if (notifications.length === 1) return renderNotificationMail({ lang, notification: first }, options);
  const content = downloadDigestTemplate[lang]({
    downloads: notifications.slice(0, DIGEST_LISTED).map((notification) => notificationVars(notification, lang, options.publicUrl)),
    unlisted: Math.max(0, notifications.length - DIGEST_LISTED),
    link: notificationLink(options.publicUrl, first),
  });
  return { kind: 'downloaded', mail: renderMail(content, { lang, publicUrl: options.publicUrl }) };
}
