import type { Knex } from '@ferry/db';
import type { DeliveryResult, MailToDeliver } from '../domain/deliver-mail';

/** What every mail consumer needs: its database (inbox) and a way to deliver inside the delivery's transaction. */
export interface MailConsumerDeps {
  db: Knex;
  publicUrl: string;
  deliver(trx: Knex.Transaction, mail: MailToDeliver): Promise<DeliveryResult>;
}
