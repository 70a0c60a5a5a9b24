import knex, { type Knex } from 'knex';
import { MigrationList, type Migration } from './migration';
import { messagingMigrations } from './messaging.migrations';
import { waitForMigrations } from './migration-wait';

export interface OpenDbOptions {
  /** The service's own Postgres schema; every query runs with it first on the search path. */
  schema: string;
  /** The service's migrations, run at open (the outbox and inbox tables are added to them). */
  migrations?: Migration[];
  /**
   * Set false to open a schema without migrating it (tools and tests that only read or write rows);
   * 'wait' to migrate nothing but wait until the service's migration Job has (MIGRATIONS=wait).
   */
  migrate?: boolean | 'wait';
  /** How long 'wait' waits for the migrations before it fails; 2 minutes by default. */
  migrationWaitMs?: number;
  /** Connection pool bounds; small by default because every service has its own pool. */
  pool?: { min: number; max: number };
}

const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** Opens a knex pool on `schema`, creating the schema and running its migrations. */
export async function openDb(url: string, options: OpenDbOptions): Promise<Knex> {
  if (!SCHEMA_NAME.test(options.schema)) throw new Error(`Invalid schema name: ${options.schema}`);
  const db = knex({
    client: 'pg',
    connection: url,
    searchPath: [options.schema],
    pool: { min: 0, max: 10, ...options.pool },
    // at least two connections: one holds the migration lock while another migrates
  });
  if (options.migrate === false) return db;
  const migrations = [...messagingMigrations, ...(options.migrations ?? [])];
  try {
    if (options.migrate === 'wait') await waitForMigrations(db, options.schema, migrations, options.migrationWaitMs ?? 120_000);
    else await migrateLatest(db, options.schema, migrations);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/**
 * Services that start together must not race on the schema or the migration tables:
 * one connection holds a session advisory lock while migrations run on the others.
 */
async function migrateLatest(db: Knex, schema: string, migrations: Migration[]): Promise<void> {
  const lockKey = `ferry-migrate:${schema}`;
  const connection = await db.client.acquireConnection();
  try {
    await db.raw('select pg_advisory_lock(hashtext(?))', [lockKey]).connection(connection);
    try {
      // Only when it is missing: a role that owns its schema (made by the db-roles Job) may not create
      // schemas, and Postgres checks that right even for `if not exists`.
      const existing = await db.raw('select 1 from pg_namespace where nspname = ?', [schema]).connection(connection);
      if (existing.rows.length === 0) await db.raw(`create schema "${schema}"`).connection(connection);
      await db.migrate.latest({ migrationSource: new MigrationList(migrations), schemaName: schema, tableName: 'knex_migrations' });
    } finally {
      await db.raw('select pg_advisory_unlock(hashtext(?))', [lockKey]).connection(connection);
    }
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/** True when a simple query answers; used by /readyz. */
export async function isDbReady(db: Knex): Promise<boolean> {
  try {
    await db.raw('select 1');
    return true;
  } catch {
    return false;
  }
}
