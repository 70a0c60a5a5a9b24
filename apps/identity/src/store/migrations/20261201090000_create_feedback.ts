import type { Migration } from '@ferry/db';

/** What visitors and users send through the feedback widget. */
export const createFeedback: Migration = {
  name: '20261201090000_create_feedback',
  async up(knex) {
    await knex.schema.createTable('feedback', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      // Kept when the account goes, so the comment is not lost with it.
      t.uuid('user_id').references('id').inTable('users').onDelete('SET NULL');
      t.text('email');
      t.text('rating').notNullable();
      t.text('comment').notNullable();
      t.text('page');
      t.text('user_agent');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['created_at']);
    });
    await knex.raw("alter table feedback add constraint feedback_rating_check check (rating in ('bad', 'fine', 'fantastic'))");
  },
  async down(knex) {
    await knex.schema.dropTable('feedback');
  },
};
