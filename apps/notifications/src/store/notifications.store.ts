import { randomUUID } from 'node:crypto';
import { writeEvent } from '@ferry/bus';
import { NOTIFICATION_CREATED, type TNotification } from '@ferry/contracts';
import type { Knex } from '@ferry/db';
import type { NewNotification, NotificationFeed, NotificationWriter, TDlOrigin } from '../domain/notifications.ports';

interface NotificationRow {
  id: string;
  slug: string;
  read: boolean;
  dl_date: Date;
  dl_country_code: string;
  dl_country: string;
  dl_city: string;
  receiver_email: string | null;
  file_name: string;
  dl_origin: TDlOrigin;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toNotification(row: NotificationRow): TNotification {
  return {
    _id: row.id,
    slug: row.slug,
    read: row.read,
    dlDate: row.dl_date.toISOString(),
    dlCountryCode: row.dl_country_code,
    dlCountry: row.dl_country,
    dlCity: row.dl_city,
    receiverEmail: row.receiver_email,
    fileName: row.file_name,
    dlOrigin: row.dl_origin,
  };
}

/** The writes of one consumed event, inside its delivery's transaction. */
export function notificationWriter(trx: Knex.Transaction): NotificationWriter {
  return {
    async insert(notification: NewNotification) {
      const rows: NotificationRow[] = await trx('notifications')
        .insert({
          id: randomUUID(),
          source_event_id: notification.sourceEventId,
          user_id: notification.userId,
          slug: notification.slug,
          dl_date: notification.dlDate,
          dl_country_code: notification.place.countryCode,
          dl_country: notification.place.country,
          dl_city: notification.place.city,
          receiver_email: notification.receiverEmail,
          file_name: notification.fileName,
          dl_origin: notification.dlOrigin,
        })
        .onConflict('source_event_id')
        .ignore()
        .returning('*');
      const [row] = rows;
      return row ? toNotification(row) : null;
    },
    async emitCreated(created) {
      await writeEvent(trx, NOTIFICATION_CREATED, created);
    },
  };
}

/** Reads and removals of one user's feed. */
export function notificationFeed(db: Knex): NotificationFeed {
  const mine = (userId: string) => db('notifications').where({ user_id: userId });
  return {
    async list(userId, { skip, limit }) {
      const [rows, [counts]] = await Promise.all([
        mine(userId).select<NotificationRow[]>('*').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).offset(skip).limit(limit),
        mine(userId).select(db.raw('count(*)::int as total'), db.raw('(count(*) filter (where not read))::int as unread')) as Promise<
          Array<{ total: number; unread: number }>
        >,
      ]);
      return { items: rows.map(toNotification), unread: counts?.unread ?? 0, total: counts?.total ?? 0 };
    },
    async deleteOne(userId, id) {
      if (!UUID.test(id)) return false;
      return (await mine(userId).where({ id }).delete()) > 0;
    },
    async clearAll(userId) {
      await mine(userId).delete();
    },
    async markAllRead(userId) {
      await mine(userId).where({ read: false }).update({ read: true });
    },
  };
}
