import type { Migration } from '@ferry/db';

/**
 * What the account throttles count, in Postgres so every identity replica sees the same:
 * failed logins per address, reset requests per address, and the network a failed code
 * check came from (so failures sent from elsewhere do not lock the owner out).
 */
export const throttleAccounts: Migration = {
  name: '20261202120000_throttle_accounts',
  async up(knex) {
    // Keyed by the address typed at login, known or not, so the throttle tells no one who has an account.
    await knex.schema.createTable('login_throttles', (t) => {
      t.text('email').primary();
      t.integer('failures').notNullable();
      t.timestamp('last_failure_at', { useTz: true }).notNullable();
      t.timestamp('blocked_until', { useTz: true });
      t.index(['last_failure_at']);
    });
    await knex.schema.createTable('password_reset_requests', (t) => {
      t.bigIncrements('id');
      t.text('email').notNullable();
      t.timestamp('requested_at', { useTz: true }).notNullable();
      t.index(['email', 'requested_at']);
    });
    await knex.schema.alterTable('email_code_failures', (t) => {
      t.text('network');
      t.index(['email', 'network', 'failed_at']);
    });
  },
  async down(knex) {
    await knex.schema.alterTable('email_code_failures', (t) => {
      t.dropIndex(['email', 'network', 'failed_at']);
      t.dropColumn('network');
    });
    await knex.schema.dropTable('password_reset_requests');
    await knex.schema.dropTable('login_throttles');
  },
};
