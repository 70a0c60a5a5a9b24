import type { Migration } from './migration';

/**
 * Every service schema gets an outbox (events written in the same transaction as the
 * state change, relayed to NATS later) and an inbox (event ids a consumer has applied).
 */
export const messagingMigrations: Migration[] = [
  {
    name: '00000000000000_create_outbox_and_inbox',
    async up(knex) {
      await knex.schema.createTable('outbox', (t) => {
        t.uuid('id').primary();
        // Publication order: events of one transaction share created_at, never a seq.
        t.bigIncrements('seq', { primaryKey: false });
        t.text('subject').notNullable();
        t.jsonb('payload').notNullable();
        t.jsonb('headers').notNullable().defaultTo('{}');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('published_at', { useTz: true });
        t.integer('attempts').notNullable().defaultTo(0);
        t.timestamp('next_attempt_at', { useTz: true });
        t.text('last_error');
      });
      await knex.raw('create index outbox_unpublished_idx on outbox (seq) where published_at is null');
      await knex.schema.createTable('inbox', (t) => {
        t.text('consumer').notNullable();
        t.uuid('event_id').notNullable();
        t.timestamp('handled_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['consumer', 'event_id']);
      });
    },
    async down(knex) {
      await knex.schema.dropTable('inbox');
      await knex.schema.dropTable('outbox');
    },
  },
];
