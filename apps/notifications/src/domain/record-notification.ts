import type { TNotification } from '@ferry/contracts';
import type { Alert, GeoLookup, MailSwitch, NotificationWriter } from './notifications.ports';
import { resolvePlace } from './resolve-place';

export interface RecordNotificationDeps {
  writer: NotificationWriter;
  lookup: GeoLookup;
  isMailOn: MailSwitch;
}

/**
 * Stores the notification of one alert with the place its address resolves to, and announces it
 * (feed pushes, the mail) in the same transaction. Null when the alert was recorded before. The
 * mail is left out (no address in the event) when its owner switched that mail off.
 */
export async function recordNotification(deps: RecordNotificationDeps, alert: Alert): Promise<TNotification | null> {
  const place = await resolvePlace(deps.lookup, alert.ip);
  const notification = await deps.writer.insert({
    sourceEventId: alert.sourceEventId,
    userId: alert.userId,
    slug: alert.slug,
    dlDate: alert.at,
    place,
    receiverEmail: alert.receiverEmail,
    fileName: alert.fileName,
    dlOrigin: alert.dlOrigin,
  });
  if (!notification) return null;
  const isMailed = alert.email !== null && (alert.mailOwnerId === null || (await deps.isMailOn(alert.mailOwnerId, alert.dlOrigin)));
  await deps.writer.emitCreated({ userId: alert.userId, email: isMailed ? alert.email : null, lang: alert.lang, notification });
  return notification;
}
