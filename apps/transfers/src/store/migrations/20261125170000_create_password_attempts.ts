import type { Migration } from '@ferry/db';

/**
 * Tries of a transfer password that were wrong (or are being checked), shared by every replica,
 * so the limits on guessing hold however many instances answer.
 */
export const createPasswordAttempts: Migration = {
  name: '20261125170000_create_password_attempts',
  async up(knex) {
    await knex.schema.createTable('password_attempts', (t) => {
      t.uuid('id').primary();
      t.uuid('transfer_id').notNullable().references('id').inTable('transfers').onDelete('CASCADE');
      /** The client address; '' when the gateway did not know it. */
      t.text('ip').notNullable();
      t.timestamp('attempted_at', { useTz: true }).notNullable();
      t.index(['transfer_id', 'attempted_at']);
      t.index(['attempted_at']);
    });
  },
};
