import type { Knex } from '@ferry/db';
import type { Alert } from '../domain/notifications.ports';

/** What the notification consumers need: their database (inbox) and a way to record an alert in the delivery's transaction. */
export interface NotificationConsumerDeps {
  db: Knex;
  record(trx: Knex.Transaction, alert: Alert): Promise<void>;
  now(): Date;
}

/**
 * Geo may be down for a while: retry for about half an hour before an event is dead-lettered,
 * rather than store a download as coming from an unknown place.
 */
export const NOTIFICATION_RETRY = { maxDeliver: 30, backoffMs: [1_000, 5_000, 15_000, 30_000, 60_000] };
