import type { Migration } from '@ferry/db';

/** The largest size each part URL of a multipart upload was signed for: what storage can be made to hold. */
export const createSignedParts: Migration = {
  name: '20261125180000_create_signed_parts',
  async up(knex) {
    await knex.schema.createTable('signed_parts', (t) => {
      t.uuid('file_id').notNullable().references('file_id').inTable('objects').onDelete('CASCADE');
      t.integer('part_number').notNullable();
      t.bigInteger('size').notNullable();
      t.primary(['file_id', 'part_number']);
    });
  },
};
