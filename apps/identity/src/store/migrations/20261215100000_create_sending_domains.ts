import type { Migration } from '@ferry/db';

/**
 * A company's custom sending domain (one per company: the plans' emailDomain is 1 at most), keyed
 * by its admin; `domain` is unique. The DKIM private key is kept sealed (AES-256-GCM under
 * EVENT_SEAL_KEY), the public key as the base64 SubjectPublicKeyInfo the DKIM record carries.
 */
export const createSendingDomains: Migration = {
  name: '20261215100000_create_sending_domains',
  async up(knex) {
    await knex.schema.createTable('sending_domains', (t) => {
      t.uuid('company_id').primary().references('id').inTable('users').onDelete('CASCADE');
      t.text('domain').notNullable().unique();
      t.text('selector').notNullable();
      t.text('private_key_sealed').notNullable();
      t.text('public_key').notNullable();
      t.text('status').notNullable();
      t.specificType('problems', 'text[]').notNullable().defaultTo('{}');
      t.specificType('found', 'text[]').notNullable().defaultTo('{}');
      t.timestamp('checked_at', { useTz: true });
      t.timestamp('verified_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('sending_domains');
  },
};
