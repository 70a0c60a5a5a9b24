import type { Migration } from '@ferry/db';
import { createTransfersTables } from './20261123140000_create_transfers_tables';
import { createFileRequests } from './20261124100000_create_file_requests';
import { addTransferSearch } from './20261124110000_add_transfer_search';
import { createPasswordAttempts } from './20261125170000_create_password_attempts';

/** transfers' schema history, in order; `openDb` runs them at boot. */
export const transfersMigrations: Migration[] = [createTransfersTables, createFileRequests, addTransferSearch, createPasswordAttempts];
