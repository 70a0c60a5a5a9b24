import type { Migration } from '@ferry/db';

/**
 * Coupons (promotion codes, unique whatever the case), lifetime-deal codes (each redeemed once, one
 * per account), and on a subscription its coupon and whether it is a lifetime deal (never charged).
 */
export const createCoupons: Migration = {
  name: '20261125210000_create_coupons',
  async up(knex) {
    await knex.schema.createTable('coupons', (t) => {
      t.uuid('id').primary();
      t.text('code').notNullable();
      t.integer('percent_off');
      /** Cents (USD). */
      t.integer('amount_off');
      t.text('duration').notNullable();
      t.integer('duration_in_months');
      /** Epoch seconds (PRODUCT.md section 4: valid while redeem_by is in the future). */
      t.bigInteger('redeem_by').notNullable();
      t.integer('max_redemptions');
      t.integer('times_redeemed').notNullable().defaultTo(0);
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.check("duration in ('once', 'forever', 'repeating')", [], 'coupons_duration_check');
      t.check('(percent_off is null) <> (amount_off is null)', [], 'coupons_one_discount_check');
    });
    await knex.raw('create unique index coupons_code_idx on coupons (lower(code))');
    await knex.schema.createTable('lifetime_codes', (t) => {
      t.text('code').primary();
      t.text('redeemed_by').unique();
      t.timestamp('redeemed_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
    });
    await knex.schema.alterTable('subscriptions', (t) => {
      t.boolean('lifetime').notNullable().defaultTo(false);
      t.uuid('coupon_id').references('id').inTable('coupons');
      /** Charges the coupon still discounts; null with a coupon: every charge (duration forever). */
      t.integer('discount_charges_left');
    });
  },
  async down(knex) {
    await knex.schema.alterTable('subscriptions', (t) => {
      t.dropColumn('discount_charges_left');
      t.dropColumn('coupon_id');
      t.dropColumn('lifetime');
    });
    await knex.schema.dropTable('lifetime_codes');
    await knex.schema.dropTable('coupons');
  },
};
