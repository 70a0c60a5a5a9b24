import type { Migration } from '@ferry/db';

/** One customer (card on file) and at most one subscription per admin; their invoices. */
export const createBilling: Migration = {
  name: '20261125200000_create_billing',
  async up(knex) {
    await knex.schema.createTable('customers', (t) => {
      t.text('admin_id').primary();
      t.text('email').notNullable();
      t.text('card_brand');
      t.text('card_last4');
      t.integer('card_exp_month');
      t.integer('card_exp_year');
      /** The local provider's handle on the card: which test behaviour it has (never the number). */
      t.text('card_token');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
    await knex.schema.createTable('subscriptions', (t) => {
      t.uuid('id').primary();
      t.text('admin_id').notNullable().unique().references('admin_id').inTable('customers');
      t.text('plan_code').notNullable();
      t.text('status').notNullable();
      t.timestamp('trial_end', { useTz: true });
      t.timestamp('current_period_start', { useTz: true }).notNullable();
      t.timestamp('current_period_end', { useTz: true }).notNullable();
      t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
      t.text('next_plan_code');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.check("status in ('trialing', 'active', 'past_due', 'unpaid', 'canceled')", [], 'subscriptions_status_check');
    });
    await knex.raw("create index subscriptions_due_idx on subscriptions (current_period_end) where status in ('trialing', 'active', 'past_due')");
    await knex.schema.createTable('invoices', (t) => {
      t.uuid('id').primary();
      t.bigIncrements('number', { primaryKey: false });
      t.text('admin_id').notNullable();
      t.text('plan_code').notNullable();
      t.integer('amount').notNullable();
      t.text('currency').notNullable();
      t.text('status').notNullable();
      t.timestamp('period_start', { useTz: true }).notNullable();
      t.timestamp('period_end', { useTz: true }).notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.check("status in ('paid', 'open', 'void', 'uncollectible')", [], 'invoices_status_check');
    });
    await knex.raw('create index invoices_admin_idx on invoices (admin_id, created_at desc)');
  },
  async down(knex) {
    await knex.schema.dropTable('invoices');
    await knex.schema.dropTable('subscriptions');
    await knex.schema.dropTable('customers');
  },
};
