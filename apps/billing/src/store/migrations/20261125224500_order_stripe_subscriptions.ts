import type { Migration } from '@ferry/db';

/** Stripe's `created` has whole seconds: `seq` orders an admin's subscriptions created in the same second. */
export const orderStripeSubscriptions: Migration = {
  name: '20261125224500_order_stripe_subscriptions',
  async up(knex) {
    await knex.raw('alter table stripe_subscriptions add column seq bigserial');
  },
  async down(knex) {
    await knex.raw('alter table stripe_subscriptions drop column seq');
  },
};
