import type { Migration } from '@ferry/db';

export const createIdentityTables: Migration = {
  name: '20261123090000_create_identity_tables',
  async up(knex) {
    await knex.schema.createTable('users', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.text('email').notNullable();
      t.text('password_hash').notNullable();
      t.text('full_name');
      t.text('greeting_name');
      t.text('company');
      t.text('profile_pic');
      t.text('region').notNullable();
      t.text('role').notNullable();
      t.text('status').notNullable();
      t.text('lang').notNullable().defaultTo('en');
      t.integer('login_count').notNullable().defaultTo(0);
      t.boolean('is_team_member').notNullable().defaultTo(false);
      t.uuid('parent_admin_id').references('id').inTable('users');
      t.text('referrer');
      t.jsonb('fingerprint');
      t.timestamp('email_verified_at', { useTz: true });
      t.timestamp('last_login_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
    // One account per address whatever its case; the signup race ends here as a 409.
    await knex.raw('create unique index users_email_lower_key on users (lower(email))');
    await knex.raw('create index users_parent_admin_idx on users (parent_admin_id) where parent_admin_id is not null');

    // The current code of an (email, purpose): a resend reuses it while it is alive.
    await knex.schema.createTable('email_codes', (t) => {
      t.text('email').notNullable();
      t.text('purpose').notNullable();
      t.text('code_hash').notNullable();
      t.text('code_encrypted').notNullable();
      t.integer('attempts').notNullable().defaultTo(0);
      t.timestamp('issued_at', { useTz: true }).notNullable();
      t.timestamp('last_sent_at', { useTz: true }).notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('consumed_at', { useTz: true });
      t.primary(['email', 'purpose']);
    });
    await knex.schema.createTable('email_code_failures', (t) => {
      t.bigIncrements('id');
      t.text('email').notNullable();
      t.timestamp('failed_at', { useTz: true }).notNullable();
      t.index(['email', 'failed_at']);
    });
    await knex.schema.createTable('email_verifications', (t) => {
      t.bigIncrements('id');
      t.text('email').notNullable();
      t.text('purpose').notNullable();
      t.timestamp('verified_at', { useTz: true }).notNullable();
      t.index(['email', 'purpose', 'verified_at']);
    });

    await knex.schema.createTable('refresh_tokens', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.uuid('family_id').notNullable();
      t.uuid('parent_id');
      t.text('token_hash').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('rotated_at', { useTz: true });
      t.timestamp('revoked_at', { useTz: true });
      t.text('ip');
      t.text('user_agent');
      t.index(['family_id']);
      t.index(['user_id']);
    });

    await knex.schema.createTable('password_resets', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.text('token_hash').notNullable().unique();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true });
      t.index(['user_id']);
    });

    await knex.schema.createTable('team_invites', (t) => {
      t.uuid('id').primary();
      t.uuid('admin_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.text('email').notNullable();
      t.text('token_hash').notNullable().unique();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('accepted_at', { useTz: true });
      t.timestamp('withdrawn_at', { useTz: true });
      t.uuid('member_id').references('id').inTable('users').onDelete('SET NULL');
      t.index(['admin_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('team_invites');
    await knex.schema.dropTable('password_resets');
    await knex.schema.dropTable('refresh_tokens');
    await knex.schema.dropTable('email_verifications');
    await knex.schema.dropTable('email_code_failures');
    await knex.schema.dropTable('email_codes');
    await knex.schema.dropTable('users');
  },
};
