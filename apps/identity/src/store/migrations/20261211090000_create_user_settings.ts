import type { Migration } from '@ferry/db';

/**
 * The settings tab's transfer and request settings, one row per user who changed any (the others
 * read the defaults). Each column holds only what the user set; a field added later reads its
 * default until it is set. The row goes with its user.
 */
export const createUserSettings: Migration = {
  name: '20261211090000_create_user_settings',
  async up(knex) {
    await knex.schema.createTable('user_settings', (t) => {
      t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
      t.jsonb('transfer_settings').notNullable().defaultTo('{}');
      t.jsonb('request_settings').notNullable().defaultTo('{}');
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('user_settings');
  },
};
