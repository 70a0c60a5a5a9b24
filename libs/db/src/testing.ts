import { randomBytes } from 'node:crypto';
import knex from 'knex';

/** The admin URL tests create their databases through; the CI machine's Postgres by default. */
export const TEST_ADMIN_DATABASE_URL =
  process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Creates a fresh database for one test suite so suites can run in parallel. */
export async function createTestDatabase(prefix = 'ferry'): Promise<TestDatabase> {
  const name = `test_${prefix.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const admin = knex({ client: 'pg', connection: TEST_ADMIN_DATABASE_URL, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(`create database "${name}"`);
  } finally {
    await admin.destroy();
  }
  const url = new URL(TEST_ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const dropper = knex({ client: 'pg', connection: TEST_ADMIN_DATABASE_URL, pool: { min: 0, max: 1 } });
      try {
        await dropper.raw(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.destroy();
      }
    },
  };
}
