import type { Migration } from '@ferry/db';

/** A verification is tied to the caller who verified (a ticket, stored hashed) and used once by signup. */
export const bindEmailVerifications: Migration = {
  name: '20261123110000_bind_email_verifications',
  async up(knex) {
    await knex.schema.alterTable('email_verifications', (t) => {
      t.text('ticket_hash');
      t.timestamp('consumed_at', { useTz: true });
      t.index(['ticket_hash']);
    });
  },
  async down(knex) {
    await knex.schema.alterTable('email_verifications', (t) => {
      t.dropColumn('ticket_hash');
      t.dropColumn('consumed_at');
    });
  },
};
