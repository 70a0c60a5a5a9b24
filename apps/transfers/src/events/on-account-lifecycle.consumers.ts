import { consumer, forgetPublishedEvents, writeEvent, type EventConsumer, type EventInput } from '@ferry/bus';
import { ACCOUNT_DELETED, DATA_EXPORT_REQUESTED, type EventDef } from '@ferry/contracts';
import type { Knex } from 'knex';
import { buildDataExport, type DataExportDeps } from '../domain/data-export';
import { createAccountDataStore } from '../store/account-data.store';

/** transfers' consumers of the account lifecycle: a deleted account's rows go; exports are built. */
export function accountLifecycleConsumers(deps: DataExportDeps, db: Knex, onEventsCommitted: () => void): EventConsumer[] {
  return [
    consumer(ACCOUNT_DELETED, {
      durable: 'transfers--account-deleted',
      db,
      handle: async (event, { trx }) => {
        await createAccountDataStore(trx).purgeUserRows(event.userId, event.memberIds);
        await forgetPublishedEvents(trx, [event.userId, event.email]);
      },
    }),
    consumer(DATA_EXPORT_REQUESTED, {
      durable: 'transfers--data-export-requested',
      db,
      handle: async (event, { trx }) => {
        const store = createAccountDataStore(trx);
        await buildDataExport({ ...deps, store }, event, <T extends { eventId: string }>(def: EventDef<T>, input: Omit<T, 'eventId'>) =>
          writeEvent<T>(trx, def, input as EventInput<T>),
        );
        setImmediate(onEventsCommitted);
      },
    }),
  ];
}
