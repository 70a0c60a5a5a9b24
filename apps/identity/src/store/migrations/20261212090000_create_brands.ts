import type { Migration } from '@ferry/db';

/**
 * An account's pictures and brand: profile picture, company logo and background (storage file
 * ids; the bytes are in storage), accent colour and the powered-by switch. One row per account,
 * gone with the account.
 */
export const createBrands: Migration = {
  name: '20261212090000_create_brands',
  async up(knex) {
    await knex.schema.createTable('brands', (t) => {
      t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
      t.uuid('profile_pic_id');
      t.uuid('logo_pic_id');
      t.uuid('background_pic_id');
      t.string('accent_color', 7);
      t.boolean('hide_powered_by').notNullable().defaultTo(false);
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.index(['profile_pic_id']);
      t.index(['logo_pic_id']);
      t.index(['background_pic_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('brands');
  },
};
