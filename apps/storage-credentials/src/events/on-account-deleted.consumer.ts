import { consumer, forgetPublishedEvents, type EventConsumer } from '@ferry/bus';
import { ACCOUNT_DELETED } from '@ferry/contracts';
import type { Knex } from 'knex';
import { purgeOwnerObjects } from '../domain/purge-owner-objects';
import type { StorageDeps } from '../domain/storage.deps';

/** A deleted account's objects (its uploads, its requests' uploads, its exports) are deleted from storage, rows and all. */
export function onAccountDeleted(deps: StorageDeps, db: Knex): EventConsumer {
  return consumer(ACCOUNT_DELETED, {
    durable: 'storage--account-deleted',
    db,
    handle: async (event, { trx }) => {
      await purgeOwnerObjects(deps, trx, event);
      await forgetPublishedEvents(trx, [event.userId, event.email]);
    },
  });
}
