import type { Migration } from '@ferry/db';

/**
 * When billing last changed the user's plan or status (the provider's time): a change older than
 * the one applied is ignored, so events that arrive out of order end in the right state.
 */
export const planChanges: Migration = {
  name: '20261203090000_plan_changes',
  async up(knex) {
    await knex.schema.alterTable('users', (t) => {
      t.timestamp('plan_changed_at', { useTz: true });
    });
  },
  async down(knex) {
    await knex.schema.alterTable('users', (t) => {
      t.dropColumn('plan_changed_at');
    });
  },
};
