import { consumer, type EventConsumer } from '@ferry/bus';
import { NOTIFICATION_CREATED } from '@ferry/contracts';
import { renderNotificationMail } from '../domain/render-notification-mail';
import { addDigestEntry, hasDigestEntry, lockOpenDigest } from '../store/download-digests.store';
import { MAIL_RETRY, type MailConsumerDeps } from './mail-consumer.deps';

export interface NotificationMailDeps extends MailConsumerDeps {
  /** How long a transfer's downloads are collected into one 'downloaded' mail; 0 mails each at once. */
  downloadWindowMs: number;
  now: () => Date;
}

/**
 * A digest's window counts from the first download, not from when mail got to its event: a
 * notification handled late (the bus was slow, or mail restarted) does not hold the mail back by
 * that delay. A download time ahead of this process's clock (clock skew) or unreadable counts as now.
 */
function windowStart(downloadedAt: string, now: Date): Date {
  const at = Date.parse(downloadedAt);
  return Number.isFinite(at) && at < now.getTime() ? new Date(at) : now;
}

/**
 * Tells the sender of a downloaded transfer, or the requester of uploaded files, by mail. A
 * download joins its transfer's open digest (the first one opens it); `sendDueDigests` mails
 * the digest when its window ends.
 */
export function onNotificationCreated(deps: NotificationMailDeps): EventConsumer {
  return consumer(NOTIFICATION_CREATED, {
    durable: 'mail--notification-created',
    db: deps.db,
    ...MAIL_RETRY,
    handle: async (event, { trx }) => {
      if (event.email === null) return;
      const { notification } = event;
      if (notification.dlOrigin === 'download' && deps.downloadWindowMs > 0) {
        if (await hasDigestEntry(trx, event.eventId)) return;
        const openedAt = windowStart(notification.dlDate, deps.now());
        const digestId = await lockOpenDigest(
          trx,
          { recipient: event.email, slug: notification.slug, lang: event.lang },
          { now: openedAt, dueAt: new Date(openedAt.getTime() + deps.downloadWindowMs) },
        );
        await addDigestEntry(trx, { eventId: event.eventId, digestId, notification });
        return;
      }
      const { kind, mail } = renderNotificationMail(event, { publicUrl: deps.publicUrl });
      await deps.deliver(trx, { eventId: event.eventId, kind, to: event.email, lang: event.lang, expiresAt: null, mail });
    },
  });
}
