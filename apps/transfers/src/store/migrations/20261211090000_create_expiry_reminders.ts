import type { Migration } from '@ferry/db';

/**
 * One row per transfer whose "a day before expiry" reminder was decided: sent, or not (the
 * sender's switch was off, or every recipient had downloaded). A transfer is reminded once.
 */
export const createExpiryReminders: Migration = {
  name: '20261211090000_create_expiry_reminders',
  async up(knex) {
    await knex.schema.createTable('expiry_reminders', (t) => {
      t.uuid('transfer_id').primary().references('id').inTable('transfers').onDelete('CASCADE');
      t.boolean('is_sent').notNullable();
      t.integer('recipient_count').notNullable();
      t.timestamp('decided_at', { useTz: true }).notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('expiry_reminders');
  },
};
