import type { Knex } from 'knex';
import type { Migration } from './migration';

/** The migrations of `schema` that knex has not recorded as applied (all of them when the schema is new). */
export async function pendingMigrations(db: Knex, schema: string, migrations: Migration[]): Promise<string[]> {
  let applied: Set<string>;
  try {
    const rows: Array<{ name: string }> = await db.withSchema(schema).select('name').from('knex_migrations');
    applied = new Set(rows.map((row) => row.name));
  } catch {
    applied = new Set();
  }
  return migrations.map((migration) => migration.name).filter((name) => !applied.has(name)).sort();
}

/**
 * Waits until another process (the service's migration Job) has applied every migration, so a new
 * release never serves on an old schema; fails with what is missing once `timeoutMs` has passed.
 */
export async function waitForMigrations(db: Knex, schema: string, migrations: Migration[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = await pendingMigrations(db, schema, migrations);
    if (pending.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`Schema ${schema} is ${pending.length} migration(s) behind (${pending.join(', ')}): run the service once with MIGRATIONS=only (its migrate Job)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
