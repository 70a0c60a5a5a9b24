import type { Migration } from '@ferry/db';

/** The customer's mail language, and the once-only billing notices (a trial ending) already emitted. */
export const createBillingNotices: Migration = {
  name: '20261125230000_create_billing_notices',
  async up(knex) {
    await knex.raw("alter table customers add column lang text not null default 'en' check (lang in ('en', 'zh'))");
    await knex.schema.createTable('sent_notices', (t) => {
      t.uuid('subscription_id').notNullable();
      t.text('kind').notNullable();
      t.timestamp('sent_at', { useTz: true }).notNullable();
      t.primary(['subscription_id', 'kind']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('sent_notices');
    await knex.raw('alter table customers drop column lang');
  },
};
