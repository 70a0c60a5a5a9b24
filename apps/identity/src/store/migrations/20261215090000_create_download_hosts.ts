import type { Migration } from '@ferry/db';

/**
 * A company's custom download host (one per company, keyed by its admin). `host` is unique: two
 * companies never share one. `status` pending until the CNAME check finds the record, verified
 * after; the last check's problem and the target it found explain a pending host.
 */
export const createDownloadHosts: Migration = {
  name: '20261215090000_create_download_hosts',
  async up(knex) {
    await knex.schema.createTable('download_hosts', (t) => {
      t.uuid('company_id').primary().references('id').inTable('users').onDelete('CASCADE');
      t.text('host').notNullable().unique();
      t.text('status').notNullable();
      t.text('problem');
      t.text('found');
      t.timestamp('checked_at', { useTz: true });
      t.timestamp('verified_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('download_hosts');
  },
};
