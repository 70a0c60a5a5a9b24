import type { Migration } from '@ferry/db';

/** One row per event that produced a mail; with the inbox it keeps a mail to one send per event. */
export const createSentMails: Migration = {
  name: '20261123100000_create_sent_mails',
  async up(knex) {
    await knex.schema.createTable('sent_mails', (t) => {
      t.uuid('event_id').primary();
      t.text('kind').notNullable();
      t.text('recipient').notNullable();
      t.text('message_id').notNullable();
      t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['recipient', 'sent_at'], 'sent_mails_recipient_idx');
    });
  },
  async down(knex) {
    await knex.schema.dropTable('sent_mails');
  },
};
