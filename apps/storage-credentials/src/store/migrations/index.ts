import type { Migration } from '@ferry/db';
import { createStorageTables } from './20261123130000_create_storage_tables';

/** storage-credentials' schema history, in order; `openDb` runs them at boot. */
export const storageMigrations: Migration[] = [createStorageTables];
