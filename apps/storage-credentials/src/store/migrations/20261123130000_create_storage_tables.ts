import type { Migration } from '@ferry/db';

export const createStorageTables: Migration = {
  name: '20261123130000_create_storage_tables',
  async up(knex) {
    await knex.schema.createTable('objects', (t) => {
      t.uuid('file_id').primary();
      t.text('grant_type').notNullable();
      /** Whose storage the bytes count against (the team admin for team members); null for anonymous uploads. */
      t.text('usage_owner_id');
      t.text('uploader_id');
      t.text('slug');
      t.text('upload_path');
      t.text('region').notNullable();
      t.text('bucket').notNullable();
      t.text('key').notNullable();
      t.text('name').notNullable();
      t.text('content_type').notNullable();
      t.bigInteger('declared_size').notNullable();
      t.text('upload_id');
      t.text('status').notNullable();
      t.bigInteger('size');
      t.text('etag');
      t.text('sha256');
      t.uuid('copied_from');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('completed_at', { useTz: true });
      t.timestamp('deleted_at', { useTz: true });
      t.unique(['bucket', 'key']);
    });
    await knex.raw(`create index objects_usage_idx on objects (usage_owner_id) where status = 'complete'`);
    await knex.raw(`create index objects_unhashed_idx on objects (completed_at) where status = 'complete' and sha256 is null`);
    await knex.raw(`create index objects_uploading_idx on objects (created_at) where status = 'uploading'`);
    await knex.schema.createTable('zip_grants', (t) => {
      t.uuid('id').primary();
      t.text('name').notNullable();
      t.jsonb('entries').notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
    });
  },
};
