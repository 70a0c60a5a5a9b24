import type { Migration } from '@ferry/db';

/**
 * One row per download or request upload. `user_id` is null for an anonymous sender's transfer:
 * the row exists (its event carries the mail) but no feed lists it.
 */
export const createNotifications: Migration = {
  name: '20261124090000_create_notifications',
  async up(knex) {
    await knex.schema.createTable('notifications', (t) => {
      t.uuid('id').primary();
      /** The event the notification came from; a second row for it is refused. */
      t.uuid('source_event_id').notNullable().unique();
      t.text('user_id');
      t.text('slug').notNullable();
      t.boolean('read').notNullable().defaultTo(false);
      t.timestamp('dl_date', { useTz: true }).notNullable();
      t.text('dl_country_code').notNullable();
      t.text('dl_country').notNullable();
      t.text('dl_city').notNullable();
      t.text('receiver_email');
      t.text('file_name').notNullable();
      t.text('dl_origin').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.check("dl_origin in ('download', 'request')", [], 'notifications_dl_origin_check');
    });
    await knex.raw('create index notifications_feed_idx on notifications (user_id, created_at desc, id desc) where user_id is not null');
    await knex.raw('create index notifications_unread_idx on notifications (user_id) where not read and user_id is not null');
  },
  async down(knex) {
    await knex.schema.dropTable('notifications');
  },
};
