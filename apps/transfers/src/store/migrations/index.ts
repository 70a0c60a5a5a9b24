import type { Migration } from '@ferry/db';
import { createTransfersTables } from './20261123140000_create_transfers_tables';
import { createFileRequests } from './20261124100000_create_file_requests';
import { addTransferSearch } from './20261124110000_add_transfer_search';
import { createPasswordAttempts } from './20261125170000_create_password_attempts';
import { createExpiryReminders } from './20261211090000_create_expiry_reminders';
import { createReceiptKeys } from './20261216090000_create_receipt_keys';
import { createDataExports } from './20261213090000_create_data_exports';

/** transfers' schema history, in order; `openDb` runs them at boot. */
export const transfersMigrations: Migration[] = [createTransfersTables, createFileRequests, addTransferSearch, createPasswordAttempts, createExpiryReminders, createReceiptKeys, createDataExports];
