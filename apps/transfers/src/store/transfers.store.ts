import type { Knex } from 'knex';
import type { EventDef } from '@ferry/contracts';
import { writeEvent } from '@ferry/bus';
import type { TransfersStore, TransfersTx } from '../domain/transfers.ports';
import { createDashboardStore } from './dashboard.store';
import { createExpiryReminderStore } from './expiry-reminders.store';
import { createFileRequestStore } from './file-requests.store';
import { createTransferContentsStore, createTransferHistoryStore } from './transfer-contents.store';
import { createTransferListStore } from './transfer-lists.store';
import { createExpiryStore, createTransferRowStore } from './transfer.store';

export interface TransfersStoreOptions {
  /** Called after a transaction that wrote events commits (the outbox relay's kick). */
  onEventsCommitted?: () => void;
}

function createWritableStores(db: Knex | Knex.Transaction) {
  return {
    ...createTransferRowStore(db),
    ...createExpiryStore(db),
    ...createTransferContentsStore(db),
    ...createTransferHistoryStore(db),
    ...createFileRequestStore(db),
    ...createExpiryReminderStore(db),
  };
}

/** transfers' storage inside a transaction; `onEmit` hears of each event written. */
function createTransfersTx(trx: Knex.Transaction, onEmit: () => void): TransfersTx {
  return {
    ...createWritableStores(trx),
    async emit<T extends { eventId: string }>(event: EventDef<T>, input: Omit<T, 'eventId'>): Promise<T> {
      onEmit();
      return writeEvent<T>(trx, event, input);
    },
  };
}

/** transfers' storage on its own schema; the only place that writes its SQL. */
export function createTransfersStore(db: Knex, options: TransfersStoreOptions = {}): TransfersStore {
  return {
    ...createWritableStores(db),
    ...createTransferListStore(db),
    ...createDashboardStore(db),

    async transaction(work) {
      let wroteEvents = false;
      const result = await db.transaction(async (trx) =>
        work(
          createTransfersTx(trx, () => {
            wroteEvents = true;
          }),
        ),
      );
      if (wroteEvents) options.onEventsCommitted?.();
      return result;
    },
  };
}
