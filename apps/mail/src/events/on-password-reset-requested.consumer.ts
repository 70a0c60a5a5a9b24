import { consumer, type EventConsumer } from '@ferry/bus';
import { PASSWORD_RESET_REQUESTED } from '@ferry/contracts';
import { renderPasswordResetMail } from '../domain/render-password-reset-mail';
import { MAIL_RETRY, type MailConsumerDeps } from './mail-consumer.deps';

/** Sends the password-reset link. */
export function onPasswordResetRequested(deps: MailConsumerDeps): EventConsumer {
  return consumer(PASSWORD_RESET_REQUESTED, {
    durable: 'mail--password-reset-requested',
    db: deps.db,
    ...MAIL_RETRY,
    handle: async (event, { trx }) => {
      await deps.deliver(trx, {
        eventId: event.eventId,
        kind: 'password-reset',
        to: event.email,
        lang: event.lang,
        expiresAt: event.expiresAt,
        mail: renderPasswordResetMail(event, { publicUrl: deps.publicUrl }),
      });
    },
  });
}
