import { consumer, type EventConsumer } from '@ferry/bus';
import { TRANSFER_EXPIRY_REMINDER_DUE } from '@ferry/contracts';
import { renderMail } from '../domain/render-mail';
import { expiryReminderTemplate } from '../templates/expiry-reminder.template';
import { mailDate } from '../templates/transfer.templates';
import { MAIL_RETRY, type MailConsumerDeps } from './mail-consumer.deps';
import { recipientMailId } from './on-transfer-events.consumers';

/**
 * The reminder a day before expiry, to each recipient the event names (those who had not
 * downloaded), in the transfer's language. Each recipient's mail is claimed under an id derived
 * from the event and the address, so a redelivered event sends nobody a second one.
 */
export function onTransferExpiryReminderDue(deps: MailConsumerDeps): EventConsumer {
  return consumer(TRANSFER_EXPIRY_REMINDER_DUE, {
    durable: 'mail--transfer-expiry-reminder-due',
    db: deps.db,
    ...MAIL_RETRY,
    handle: async (event) => {
      const sender = event.senderName?.trim() || event.senderEmail || 'Someone';
      const expiry = mailDate(event.expiryDate, event.lang);
      const signer = await deps.signerFor(event.ownerId ?? null);
      for (const recipient of event.recipients) {
        const content = expiryReminderTemplate[event.lang]({ sender, fileCount: event.fileCount, fileNames: event.fileNames, expiry, link: recipient.link });
        await deps.db.transaction((trx) =>
          deps.deliver(trx, {
            eventId: recipientMailId(event.eventId, recipient.email),
            kind: 'transfer-expiry-reminder',
            to: recipient.email,
            lang: event.lang,
            // A reminder that could only arrive after the link expired is dropped.
            expiresAt: event.expiryDate,
            mail: renderMail(content, { lang: event.lang, publicUrl: deps.publicUrl, branding: event.branding }),
            ...(signer ? { signer } : {}),
          }),
        );
      }
    },
  });
}
