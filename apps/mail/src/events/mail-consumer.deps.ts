import type { Knex } from '@ferry/db';
import type { DeliveryResult, MailSigner, MailToDeliver } from '../domain/deliver-mail';

/** What every mail consumer needs: its database (inbox) and a way to deliver inside the delivery's transaction. */
export interface MailConsumerDeps {
  db: Knex;
  publicUrl: string;
  deliver(trx: Knex.Transaction, mail: MailToDeliver): Promise<DeliveryResult>;
  /** The owner's company's verified sending domain, or undefined (Ferry's From); never throws. */
  signerFor(ownerId: string | null): Promise<MailSigner | undefined>;
}

/**
 * SMTP may be down for hours (a provider outage, a blocked port): a mail event is redelivered with
 * the bus's usual short waits first, then every 5 minutes, 200 times in all — about 16 hours — before it is dead-lettered. Mails
 * that stop making sense meanwhile (an expired code or link) are dropped at delivery, not sent late.
 */
export const MAIL_RETRY = { maxDeliver: 200, backoffMs: [500, 2_000, 5_000, 15_000, 30_000, 60_000, 300_000] };
