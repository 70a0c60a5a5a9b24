import { createHash } from 'node:crypto';
import { consumer, type EventConsumer } from '@ferry/bus';
import { TRANSFER_CREATED, TRANSFER_EXTENDED, TRANSFER_EXTENSION_OFFERED } from '@ferry/contracts';
import { renderMail } from '../domain/render-mail';
import { extensionOfferTemplate, mailDate, transferDownloadTemplate, transferExtendedTemplate } from '../templates/transfer.templates';
import { MAIL_RETRY, type MailConsumerDeps } from './mail-consumer.deps';

/** One mail per recipient of an event: a stable id derived from the event and the address. */
export function recipientMailId(eventId: string, email: string): string {
  const hex = createHash('sha256').update(`${eventId}\n${email.toLowerCase()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The download email to each recipient of an email-mode transfer, with their own link. Each
 * recipient's mail is claimed and sent in its own transaction: when one fails, the event comes
 * back and only the ones not yet sent go out.
 */
export function onTransferCreated(deps: MailConsumerDeps): EventConsumer {
  return consumer(TRANSFER_CREATED, {
    durable: 'mail--transfer-created',
    db: deps.db,
    ...MAIL_RETRY,
    handle: async (event) => {
      if (event.sendAs !== 'email') return;
      const sender = event.senderName?.trim() || event.senderEmail || 'Someone';
      // From the company's own domain, DKIM-signed, once it is verified.
      const signer = await deps.signerFor(event.ownerId);
      for (const recipient of event.recipients) {
        const content = transferDownloadTemplate[event.lang]({
          sender,
          message: event.message,
          fileCount: event.fileCount,
          fileNames: event.fileNames,
          totalSize: event.totalSize,
          expiry: mailDate(event.expiryDate, event.lang),
          hasPassword: event.hasPassword,
          link: recipient.link,
        });
        await deps.db.transaction((trx) =>
          deps.deliver(trx, {
            eventId: recipientMailId(event.eventId, recipient.email),
            kind: 'transfer-download',
            to: recipient.email,
            lang: event.lang,
            expiresAt: event.expiryDate,
            mail: renderMail(content, { lang: event.lang, publicUrl: deps.publicUrl, branding: event.branding }),
            ...(signer ? { signer } : {}),
          }),
        );
      }
    },
  });
}

/** The sender's one-click extension link (expired, or a recipient asked). */
export function onTransferExtensionOffered(deps: MailConsumerDeps): EventConsumer {
  return consumer(TRANSFER_EXTENSION_OFFERED, {
    durable: 'mail--transfer-extension-offered',
    db: deps.db,
    ...MAIL_RETRY,
    handle: async (event, { trx }) => {
      const link = `${deps.publicUrl}/extension/${encodeURIComponent(event.extensionToken)}`;
      const content = extensionOfferTemplate[event.lang]({ fileName: event.fileName || event.slug, reason: event.reason, requestedBy: event.requestedBy, link });
      await deps.deliver(trx, {
        eventId: event.eventId,
        kind: 'transfer-extension-offer',
        to: event.senderEmail,
        lang: event.lang,
        // The offer stays open until used; the transfer's purge ends it.
        expiresAt: new Date(Date.now() + 365 * 24 * 3600_000).toISOString(),
        mail: renderMail(content, { lang: event.lang, publicUrl: deps.publicUrl }),
      });
    },
  });
}

/** Recipients are told the new date of an extended transfer. */
export function onTransferExtended(deps: MailConsumerDeps): EventConsumer {
  return consumer(TRANSFER_EXTENDED, {
    durable: 'mail--transfer-extended',
    db: deps.db,
    ...MAIL_RETRY,
    handle: async (event) => {
      const signer = await deps.signerFor(event.ownerId ?? null);
      for (const recipient of event.recipients) {
        const content = transferExtendedTemplate[event.lang]({ sender: event.senderEmail ?? 'The sender', expiry: mailDate(event.expiryDate, event.lang), link: recipient.link });
        await deps.db.transaction((trx) =>
          deps.deliver(trx, {
            eventId: recipientMailId(event.eventId, recipient.email),
            kind: 'transfer-extended',
            to: recipient.email,
            lang: event.lang,
            expiresAt: event.expiryDate,
            mail: renderMail(content, { lang: event.lang, publicUrl: deps.publicUrl, branding: event.branding }),
            ...(signer ? { signer } : {}),
          }),
        );
      }
    },
  });
}
