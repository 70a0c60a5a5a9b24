import { consumer, type EventConsumer } from '@ferry/bus';
import { EMAIL_CODE_REQUESTED } from '@ferry/contracts';
import { renderEmailCodeMail } from '../domain/render-email-code-mail';
import { MAIL_RETRY, type MailConsumerDeps } from './mail-consumer.deps';

/** Sends the verification code identity issued. */
export function onEmailCodeRequested(deps: MailConsumerDeps): EventConsumer {
  return consumer(EMAIL_CODE_REQUESTED, {
    durable: 'mail--email-code-requested',
    db: deps.db,
    ...MAIL_RETRY,
    handle: async (event, { trx }) => {
      await deps.deliver(trx, {
        eventId: event.eventId,
        kind: 'email-code',
        to: event.email,
        lang: event.lang,
        expiresAt: event.expiresAt,
        mail: renderEmailCodeMail(event, { publicUrl: deps.publicUrl }),
      });
    },
  });
}
