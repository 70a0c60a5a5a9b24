import type { Migration } from '@ferry/db';
import { createSentMails } from './migrations/20261123100000_create_sent_mails';

/** The `mail` schema's migrations, in order (openDb adds the outbox and inbox). */
export const mailMigrations: Migration[] = [createSentMails];
