import type { Migration } from '@ferry/db';

/**
 * A company's custom download host (one per company, keyed by its admin). Several companies may
 * claim a host while it is pending; only one can have it verified (the partial unique index), and
 * only the company whose own CNAME target the host points to verifies it. `status` pending until the CNAME check finds the record, verified
 * after; the last check's problem and the target it found explain a pending host.
 */
export const createDownloadHosts: Migration = {
  name: '20261215090000_create_download_hosts',
  async up(knex) {
    await knex.schema.createTable('download_hosts', (t) => {
      t.uuid('company_id').primary().references('id').inTable('users').onDelete('CASCADE');
      t.text('host').notNullable().index();
      t.text('status').notNullable();
      t.text('problem');
      t.text('found');
      t.timestamp('checked_at', { useTz: true });
      t.timestamp('verified_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
    });
    await knex.raw("create unique index download_hosts_verified_host on download_hosts (host) where status = 'verified'");
  },
  async down(knex) {
    await knex.schema.dropTable('download_hosts');
  },
};
