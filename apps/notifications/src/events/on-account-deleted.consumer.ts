import { consumer, forgetPublishedEvents, type EventConsumer } from '@ferry/bus';
import { ACCOUNT_DELETED } from '@ferry/contracts';
import type { Knex } from '@ferry/db';

/** A deleted account's alerts go. */
export function onAccountDeleted(db: Knex): EventConsumer {
  return consumer(ACCOUNT_DELETED, {
    durable: 'notifications--account-deleted',
    db,
    handle: async (event, { trx }) => {
      await trx('notifications').where({ user_id: event.userId }).delete();
      await forgetPublishedEvents(trx, [event.userId, event.email]);
    },
  });
}
