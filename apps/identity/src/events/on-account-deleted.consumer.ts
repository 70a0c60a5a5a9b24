import { consumer, forgetPublishedEvents, type EventConsumer } from '@ferry/bus';
import { ACCOUNT_DELETED } from '@ferry/contracts';
import type { Knex } from 'knex';

/** Once the deletion is on the bus, identity's published events that named the user go too. */
export function onAccountDeleted(db: Knex): EventConsumer {
  return consumer(ACCOUNT_DELETED, {
    durable: 'identity--account-deleted',
    db,
    handle: async (event, { trx }) => {
      await forgetPublishedEvents(trx, [event.userId, event.email]);
    },
  });
}
