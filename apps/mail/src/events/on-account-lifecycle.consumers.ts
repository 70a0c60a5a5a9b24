import { consumer, forgetPublishedEvents, type EventConsumer } from '@ferry/bus';
import { ACCOUNT_DELETED, ACCOUNT_DELETION_REQUESTED, DATA_EXPORT_READY, DOWNLOAD_HOST_BROKEN, SENDING_DOMAIN_BROKEN } from '@ferry/contracts';
import { renderMail } from '../domain/render-mail';
import { downloadHostBrokenTemplate, sendingDomainBrokenTemplate } from '../templates/download-host.template';
import { renderAccountDeletionMail, renderDataExportMail } from '../domain/render-account-lifecycle-mails';
import { lockRecipient } from '../store/sent-mail.store';
import { MAIL_RETRY, type MailConsumerDeps } from './mail-consumer.deps';

/** The deletion notice, the export's link, the broken download host, and the purge of what mail kept of a deleted account. */
export function accountLifecycleMailConsumers(deps: MailConsumerDeps): EventConsumer[] {
  return [
    consumer(ACCOUNT_DELETION_REQUESTED, {
      durable: 'mail--account-deletion-requested',
      db: deps.db,
      ...MAIL_RETRY,
      handle: async (event, { trx }) => {
        await deps.deliver(trx, {
          eventId: event.eventId,
          kind: 'account-deletion',
          to: event.email,
          lang: event.lang,
          expiresAt: event.deletionDueAt,
          mail: renderAccountDeletionMail(event, { publicUrl: deps.publicUrl }),
        });
      },
    }),
    consumer(DATA_EXPORT_READY, {
      durable: 'mail--data-export-ready',
      db: deps.db,
      ...MAIL_RETRY,
      handle: async (event, { trx }) => {
        await deps.deliver(trx, {
          eventId: event.eventId,
          kind: 'data-export',
          to: event.email,
          lang: event.lang,
          expiresAt: event.expiresAt,
          mail: renderDataExportMail(event, { publicUrl: deps.publicUrl }),
        });
      },
    }),
    consumer(DOWNLOAD_HOST_BROKEN, {
      durable: 'mail--download-host-broken',
      db: deps.db,
      ...MAIL_RETRY,
      handle: async (event, { trx }) => {
        const settingsLink = `${deps.publicUrl}/dash/account/domain`;
        const content = downloadHostBrokenTemplate[event.lang]({ host: event.host, found: event.found, cnameTarget: event.cnameTarget, settingsLink });
        await deps.deliver(trx, {
          eventId: event.eventId,
          kind: 'download-host-broken',
          to: event.email,
          lang: event.lang,
          expiresAt: null,
          mail: renderMail(content, { lang: event.lang, publicUrl: deps.publicUrl }),
        });
      },
    }),
    consumer(SENDING_DOMAIN_BROKEN, {
      durable: 'mail--sending-domain-broken',
      db: deps.db,
      ...MAIL_RETRY,
      handle: async (event, { trx }) => {
        const content = sendingDomainBrokenTemplate[event.lang]({ domain: event.domain, settingsLink: `${deps.publicUrl}/dash/account/domain` });
        await deps.deliver(trx, {
          eventId: event.eventId,
          kind: 'sending-domain-broken',
          to: event.email,
          lang: event.lang,
          expiresAt: null,
          mail: renderMail(content, { lang: event.lang, publicUrl: deps.publicUrl }),
        });
      },
    }),
    consumer(ACCOUNT_DELETED, {
      durable: 'mail--account-deleted',
      db: deps.db,
      handle: async (event, { trx }) => {
        // Digests first: a digest being sent holds its row, then the recipient's lock (the same order here).
        await trx('download_digests').where({ recipient: event.email }).delete();
        // Waits for mails to this address still being sent, so their rows are committed and deleted here.
        await lockRecipient(trx, event.email, 'exclusive');
        await trx('sent_mails').where({ recipient: event.email }).delete();
        await forgetPublishedEvents(trx, [event.userId, event.email]);
      },
    }),
  ];
}
