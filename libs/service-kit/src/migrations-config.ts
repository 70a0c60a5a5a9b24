import { z } from 'zod';
import type { Logger } from './logger';

/**
 * MIGRATIONS: `run` migrates the service's schema at start, then serves (one process, compose, tests);
 * `only` migrates and exits (the service's migration Job); `wait` serves once the Job has migrated.
 */
export function envMigrations() {
  return { MIGRATIONS: z.enum(['run', 'only', 'wait']).default('run') };
}

/** The `migrate` option of openDb for a MIGRATIONS mode. */
export const migrateOptionOf = (mode: 'run' | 'only' | 'wait'): true | 'wait' => (mode === 'wait' ? 'wait' : true);

/** Ends a MIGRATIONS=only run once openDb has migrated: closes the pool and exits 0. */
export async function exitAfterMigrating(db: { destroy(): Promise<void> }, log: Logger, schema: string): Promise<never> {
  log.info({ schema }, 'migrations applied (MIGRATIONS=only); exiting');
  await db.destroy();
  process.exit(0);
}
