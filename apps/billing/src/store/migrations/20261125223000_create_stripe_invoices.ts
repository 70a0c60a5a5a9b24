import type { Migration } from '@ferry/db';

/** Which of billing's invoices each Stripe invoice is (a failed then paid invoice stays one row), and its hosted page. */
export const createStripeInvoices: Migration = {
  name: '20261125223000_create_stripe_invoices',
  async up(knex) {
    await knex.schema.createTable('stripe_invoices', (t) => {
      t.text('stripe_invoice_id').primary();
      t.uuid('invoice_id').notNullable().unique();
      t.text('hosted_invoice_url');
    });
  },
  async down(knex) {
    await knex.schema.dropTable('stripe_invoices');
  },
};
