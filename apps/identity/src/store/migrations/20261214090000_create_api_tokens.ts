import type { Migration } from '@ferry/db';

/**
 * Personal access tokens. Only a SHA-256 of the token is kept (`token_hash`, unique: the lookup
 * key); `hint` is the prefix and the first 4 characters, to tell tokens apart in the list.
 * A revoked token keeps its row (revoked_at) so its revocation can be explained; the rows go
 * with the user.
 */
export const createApiTokens: Migration = {
  name: '20261214090000_create_api_tokens',
  async up(knex) {
    await knex.schema.createTable('api_tokens', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.text('name').notNullable();
      t.text('token_hash').notNullable().unique();
      t.text('hint').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('last_used_at', { useTz: true });
      t.timestamp('revoked_at', { useTz: true });
      t.index(['user_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('api_tokens');
  },
};
