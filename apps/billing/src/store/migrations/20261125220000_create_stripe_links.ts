import type { Migration } from '@ferry/db';

/** The Stripe provider's links (admin ↔ Stripe customer and subscription) and the webhook events already applied. */
export const createStripeLinks: Migration = {
  name: '20261125220000_create_stripe_links',
  async up(knex) {
    await knex.schema.createTable('stripe_customers', (t) => {
      t.text('admin_id').primary();
      t.text('customer_id').notNullable().unique();
      t.timestamp('created_at', { useTz: true }).notNullable();
    });
    await knex.schema.createTable('stripe_subscriptions', (t) => {
      t.text('subscription_id').primary();
      t.text('admin_id').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['admin_id']);
    });
    /** One row per Stripe event applied, written in the transaction of its effect: a redelivery finds it and does nothing. */
    await knex.schema.createTable('processed_webhooks', (t) => {
      t.text('event_id').primary();
      t.text('type').notNullable();
      t.timestamp('processed_at', { useTz: true }).notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('processed_webhooks');
    await knex.schema.dropTable('stripe_subscriptions');
    await knex.schema.dropTable('stripe_customers');
  },
};
