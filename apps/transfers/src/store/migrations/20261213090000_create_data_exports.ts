import type { Migration } from '@ferry/db';

/** Exports of a user's data: a ZIP of JSON in storage, downloadable with the mailed link's token until it expires. */
export const createDataExports: Migration = {
  name: '20261213090000_create_data_exports',
  async up(knex) {
    await knex.schema.createTable('data_exports', (t) => {
      t.uuid('id').primary();
      t.text('user_id').notNullable().index();
      t.text('status').notNullable();
      t.uuid('file_id');
      t.text('token_hash');
      t.timestamp('requested_at', { useTz: true }).notNullable();
      t.timestamp('ready_at', { useTz: true });
      t.timestamp('expires_at', { useTz: true });
    });
  },
  async down(knex) {
    await knex.schema.dropTable('data_exports');
  },
};
