import type { Migration } from '@ferry/db';

/**
 * 'Downloaded' mails wait here and go out together: one open digest per transfer and sender
 * until its window ends, with the downloads it collected. Kept in Postgres so a restart loses none.
 */
export const createDownloadDigests: Migration = {
  name: '20261125180000_create_download_digests',
  async up(knex) {
    await knex.schema.createTable('download_digests', (t) => {
      /** Also the event id of the digest's one mail in `sent_mails`. */
      t.uuid('id').primary();
      t.text('recipient').notNullable();
      t.text('slug').notNullable();
      t.text('lang').notNullable();
      t.timestamp('opened_at', { useTz: true }).notNullable();
      t.timestamp('due_at', { useTz: true }).notNullable();
      t.timestamp('sent_at', { useTz: true });
    });
    await knex.raw('create unique index download_digests_open_idx on download_digests (recipient, slug) where sent_at is null');
    await knex.raw('create index download_digests_due_idx on download_digests (due_at) where sent_at is null');
    await knex.schema.createTable('download_digest_entries', (t) => {
      t.bigIncrements('seq').primary();
      /** The `evt.notification.created` this download came as. */
      t.uuid('event_id').notNullable().unique();
      t.uuid('digest_id').notNullable().references('id').inTable('download_digests').onDelete('CASCADE');
      t.jsonb('notification').notNullable();
      t.index(['digest_id', 'seq']);
    });
  },
};
