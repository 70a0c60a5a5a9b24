import type { Knex } from 'knex';
import type { Migration } from '@ferry/db';

async function createTransfers(knex: Knex): Promise<void> {
  await knex.schema.createTable('transfers', (t) => {
    t.uuid('id').primary();
    t.text('slug').notNullable().unique();
    /** Whose dashboard and storage the transfer belongs to: the sender, or the team admin for a member. Null for anonymous senders. */
    t.text('owner_id');
    t.text('sender_id');
    t.text('sender_email');
    t.text('sender_name');
    t.text('lang').notNullable();
    t.text('send_as').notNullable();
    t.text('message');
    t.text('region').notNullable();
    /** 'uploading' until every file is verified, then 'live'; 'deleted' for good. */
    t.text('status').notNullable();
    t.boolean('restricted').notNullable().defaultTo(false);
    t.text('password_hash');
    t.bigInteger('expiry_seconds').notNullable();
    t.timestamp('expiry_date', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('date_sent', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.bigInteger('total_size').notNullable().defaultTo(0);
    t.integer('file_count').notNullable().defaultTo(0);
    t.text('first_file_name').notNullable().defaultTo('');
    t.integer('download_count').notNullable().defaultTo(0);
    t.specificType('share_with', 'text[]').notNullable().defaultTo('{}');
    t.uuid('forwarded_from');
    /** Hash of the one-use extension link's token, while an offer is open. */
    t.text('extension_token_hash');
    t.timestamp('extension_offered_at', { useTz: true });
    t.timestamp('extended_at', { useTz: true });
    /** When the objects were removed (deleted, or expired past the grace period). */
    t.timestamp('purged_at', { useTz: true });
  });
  await knex.raw(`create index transfers_sender_list_idx on transfers (sender_id, date_sent desc) where status = 'live'`);
  await knex.raw(`create index transfers_sender_expiry_idx on transfers (sender_id, expiry_date) where status = 'live'`);
  await knex.raw(`create index transfers_shared_idx on transfers using gin (share_with) where status = 'live'`);
  await knex.raw(`create index transfers_expiry_sweep_idx on transfers (expiry_date) where status = 'live' and purged_at is null`);
  await knex.raw(`create index transfers_extension_idx on transfers (extension_token_hash) where extension_token_hash is not null`);
}

async function createTransferParts(knex: Knex): Promise<void> {
  await knex.schema.createTable('transfer_files', (t) => {
    /** The storage object's file id. */
    t.uuid('id').primary();
    t.uuid('transfer_id').notNullable().references('id').inTable('transfers').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.text('name').notNullable();
    t.text('path');
    t.bigInteger('size').notNullable();
    t.text('kind').notNullable();
    t.text('content_type');
    /** 'uploading' until storage confirms the object with its size. */
    t.text('status').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['transfer_id', 'position']);
  });

  await knex.schema.createTable('transfer_recipients', (t) => {
    t.uuid('id').primary();
    t.uuid('transfer_id').notNullable().references('id').inTable('transfers').onDelete('CASCADE');
    t.text('email').notNullable();
    t.text('name');
    t.text('company');
    /** The per-recipient part of the mailed link, so downloads through it are attributed. */
    t.text('token').notNullable().unique();
    t.index(['transfer_id']);
  });

  await knex.schema.createTable('downloads', (t) => {
    t.uuid('id').primary();
    t.uuid('transfer_id').notNullable().references('id').inTable('transfers').onDelete('CASCADE');
    t.uuid('file_id');
    t.text('file_name').notNullable();
    t.boolean('all_files').notNullable();
    t.uuid('recipient_id');
    t.text('receiver_email');
    t.text('ip');
    t.text('country_code').notNullable().defaultTo('unknown');
    t.text('country').notNullable().defaultTo('unknown');
    t.text('city').notNullable().defaultTo('unknown');
    t.timestamp('downloaded_at', { useTz: true }).notNullable();
    t.index(['transfer_id', 'downloaded_at']);
  });

  await knex.schema.createTable('contacts', (t) => {
    t.text('owner_id').notNullable();
    t.text('email_lower').notNullable();
    t.text('email').notNullable();
    t.text('name');
    t.text('company');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['owner_id', 'email_lower']);
  });
}

export const createTransfersTables: Migration = {
  name: '20261123140000_create_transfers_tables',
  async up(knex) {
    await createTransfers(knex);
    await createTransferParts(knex);
  },
};
