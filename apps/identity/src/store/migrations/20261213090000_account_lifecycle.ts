import type { Migration } from '@ferry/db';

/**
 * A requested account deletion (purged at `deletion_due_at` unless a login cancels it) and the new
 * address an email change waits to confirm with the code mailed there.
 */
export const accountLifecycle: Migration = {
  name: '20261213090000_account_lifecycle',
  async up(knex) {
    await knex.schema.alterTable('users', (t) => {
      t.timestamp('deletion_requested_at', { useTz: true });
      t.timestamp('deletion_due_at', { useTz: true });
    });
    await knex.raw('create index users_deletion_due_idx on users (deletion_due_at) where deletion_due_at is not null');
    await knex.schema.createTable('email_change_requests', (t) => {
      t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
      t.text('new_email').notNullable();
      t.timestamp('requested_at', { useTz: true }).notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('email_change_requests');
    await knex.schema.alterTable('users', (t) => {
      t.dropColumn('deletion_due_at');
      t.dropColumn('deletion_requested_at');
    });
  },
};
