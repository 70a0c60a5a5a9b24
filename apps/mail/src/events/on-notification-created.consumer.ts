import { consumer, type EventConsumer } from '@ferry/bus';
import { NOTIFICATION_CREATED } from '@ferry/contracts';
import { renderNotificationMail } from '../domain/render-notification-mail';
import type { MailConsumerDeps } from './mail-consumer.deps';

/** Tells the sender of a downloaded transfer, or the requester of uploaded files, by mail. */
export function onNotificationCreated(deps: MailConsumerDeps): EventConsumer {
  return consumer(NOTIFICATION_CREATED, {
    durable: 'mail--notification-created',
    db: deps.db,
    handle: async (event, { trx }) => {
      if (event.email === null) return;
      const { kind, mail } = renderNotificationMail(event, { publicUrl: deps.publicUrl });
      await deps.deliver(trx, { eventId: event.eventId, kind, to: event.email, lang: event.lang, expiresAt: null, mail });
    },
  });
}
