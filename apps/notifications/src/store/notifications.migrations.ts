import type { Migration } from '@ferry/db';
import { createNotifications } from './migrations/20261124090000_create_notifications';

/** The `notifications` schema's migrations, in order (openDb adds the outbox and inbox). */
export const notificationsMigrations: Migration[] = [createNotifications];
