import type { Migration } from '@ferry/db';

export const createFileRequests: Migration = {
  name: '20261124100000_create_file_requests',
  async up(knex) {
    await knex.schema.createTable('file_requests', (t) => {
      t.uuid('id').primary();
      /** The `/r/{slug}` link; also the upload path of its files in the owner's storage. */
      t.text('slug').notNullable().unique();
      t.text('requester_id').notNullable();
      /** Whose storage the files go to and count against: the requester, or the team admin for a member. */
      t.text('owner_id').notNullable();
      t.text('requester_email').notNullable();
      t.text('requester_name');
      t.text('lang').notNullable();
      t.text('region').notNullable();
      t.text('title').notNullable();
      t.text('message');
      /** Null: open until deleted. */
      t.timestamp('expiry_date', { useTz: true });
      /** 'active', or 'deleted' for good. */
      t.text('status').notNullable();
      t.integer('file_count').notNullable().defaultTo(0);
      t.bigInteger('total_size').notNullable().defaultTo(0);
      t.timestamp('last_upload_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.timestamp('purged_at', { useTz: true });
    });
    await knex.raw(`create index file_requests_requester_idx on file_requests (requester_id, created_at desc) where status = 'active'`);

    await knex.schema.createTable('request_files', (t) => {
      /** The storage object's file id. */
      t.uuid('id').primary();
      t.uuid('request_id').notNullable().references('id').inTable('file_requests').onDelete('CASCADE');
      /** One uploader's batch: its files are completed together. */
      t.uuid('upload_id').notNullable();
      t.integer('position').notNullable();
      t.text('name').notNullable();
      t.text('path');
      t.bigInteger('size').notNullable();
      t.text('content_type');
      t.text('uploader_email');
      t.text('uploader_ip');
      /** 'uploading' until storage confirms the object with its size. */
      t.text('status').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('uploaded_at', { useTz: true });
      t.index(['request_id', 'status']);
      t.index(['upload_id']);
    });
  },
};
