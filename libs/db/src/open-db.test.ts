import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { openDb, isDbReady } from './open-db';
import { createTestDatabase, type TestDatabase } from './testing';

describe('openDb', () => {
  let testDb: TestDatabase;
  const opened: Knex[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase('db');
  });
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.destroy()));
    await testDb.drop();
  });

  it('when a service opens its schema, then its migrations, outbox and inbox exist there', async () => {
    const db = await openDb(testDb.url, {
      schema: 'alpha',
      migrations: [{ name: '20261122000000_create_things', up: (k) => k.schema.createTable('things', (t) => t.increments('id')) }],
    });
    opened.push(db);
    const tables = await db('information_schema.tables').where({ table_schema: 'alpha' }).pluck('table_name');
    expect(tables).toEqual(expect.arrayContaining(['things', 'outbox', 'inbox', 'knex_migrations']));
    await db('things').insert({});
    expect(await db('things').count({ n: '*' })).toEqual([{ n: '1' }]);
    expect(await isDbReady(db)).toBe(true);
  });

  it('when two services share a database, then each keeps its own tables and migration history', async () => {
    const beta = await openDb(testDb.url, {
      schema: 'beta',
      migrations: [{ name: '20261122000000_create_things', up: (k) => k.schema.createTable('things', (t) => t.text('name')) }],
    });
    opened.push(beta);
    const columns = await beta('information_schema.columns')
      .where({ table_schema: 'beta', table_name: 'things' })
      .pluck('column_name');
    expect(columns).toEqual(['name']);
  });

  it('when opened twice at once, then migrations run once and both pools work', async () => {
    const migration = { name: '20261122000001_create_once', up: (k: Knex) => k.schema.createTable('once', (t) => t.increments('id')) };
    const [a, b] = await Promise.all([
      openDb(testDb.url, { schema: 'gamma', migrations: [migration] }),
      openDb(testDb.url, { schema: 'gamma', migrations: [migration] }),
    ]);
    opened.push(a, b);
    const runs = await a('knex_migrations').where({ name: '20261122000001_create_once' }).count({ n: '*' });
    expect(runs).toEqual([{ n: '1' }]);
  });

  it('when the schema name is unsafe, then it is refused before touching the database', async () => {
    await expect(openDb(testDb.url, { schema: 'x; drop table y' })).rejects.toThrow(/Invalid schema name/);
  });
});
