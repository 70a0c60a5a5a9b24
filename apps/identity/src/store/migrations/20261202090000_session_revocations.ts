import type { Migration } from '@ferry/db';

/**
 * Access tokens that must stop working before they expire. `users.token_version` goes into
 * every access token and rises when the user's sessions must end or their claims change;
 * `session_revocations` keeps each revocation until no token it covers can still be valid,
 * so a gateway that starts late can catch up.
 */
export const createSessionRevocations: Migration = {
  name: '20261202090000_session_revocations',
  async up(knex) {
    await knex.schema.alterTable('users', (t) => {
      t.integer('token_version').notNullable().defaultTo(1);
    });
    await knex.schema.createTable('session_revocations', (t) => {
      t.bigIncrements('id');
      t.uuid('user_id').notNullable();
      t.uuid('session_id');
      t.integer('min_version');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.index(['expires_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('session_revocations');
    await knex.schema.alterTable('users', (t) => {
      t.dropColumn('token_version');
    });
  },
};
