import type { Migration } from '@ferry/db';
import { createSentMails } from './migrations/20261123100000_create_sent_mails';
import { createDownloadDigests } from './migrations/20261125180000_create_download_digests';

/** The `mail` schema's migrations, in order (openDb adds the outbox and inbox). */
export const mailMigrations: Migration[] = [createSentMails, createDownloadDigests];
