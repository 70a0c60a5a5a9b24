import { describe, expect, it } from 'vitest';
import type { Migration } from './migration';
import { openDb } from './open-db';
import { createTestDatabase } from './testing';

const CREATE_PARCELS: Migration = {
  name: '20261125120000_create_parcels',
  up: (knex) => knex.schema.createTable('parcels', (t) => t.text('id').primary()),
};

describe('MIGRATIONS=wait', () => {
  it('when the migrate Job has not run, then the service waits and fails naming the migrations it misses', async () => {
    const testDb = await createTestDatabase('wait_fail');
    try {
      await expect(openDb(testDb.url, { schema: 'parcels', migrations: [CREATE_PARCELS], migrate: 'wait', migrationWaitMs: 1_500 })).rejects.toThrow(
        /Schema parcels is 2 migration\(s\) behind \(00000000000000_create_outbox_and_inbox, 20261125120000_create_parcels\)/,
      );
    } finally {
      await testDb.drop();
    }
  });

  it('when the migrate Job finishes while the service waits, then the service opens the schema without migrating it', async () => {
    const testDb = await createTestDatabase('wait_ok');
    try {
      const waiting = openDb(testDb.url, { schema: 'parcels', migrations: [CREATE_PARCELS], migrate: 'wait', migrationWaitMs: 20_000 });
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const job = await openDb(testDb.url, { schema: 'parcels', migrations: [CREATE_PARCELS] });
      await job.destroy();
      const db = await waiting;
      try {
        expect(await db('parcels').count({ n: '*' })).toEqual([{ n: '0' }]);
      } finally {
        await db.destroy();
      }
    } finally {
      await testDb.drop();
    }
  });
});
