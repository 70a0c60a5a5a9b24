import type { Migration } from '@ferry/db';
import { createStorageTables } from './20261123130000_create_storage_tables';
import { createSignedParts } from './20261125180000_create_signed_parts';

/** storage-credentials' schema history, in order; `openDb` runs them at boot. */
export const storageMigrations: Migration[] = [createStorageTables, createSignedParts];
