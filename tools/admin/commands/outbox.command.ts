import { listOutboxBacklogs } from '@ferry/bus';
import { openDb } from '@ferry/db';
import { row, type AdminEnv, type AdminIo } from './admin-env';

/** `outbox`: each service schema's unpublished outbox rows and the oldest one's age, from DATABASE_URL. */
export async function showOutbox(env: AdminEnv, io: AdminIo): Promise<number> {
  if (!env.databaseUrl) {
    io.err('DATABASE_URL is required for outbox');
    return 2;
  }
  const db = await openDb(env.databaseUrl, { schema: 'public', migrate: false, pool: { min: 0, max: 2 } });
  try {
    io.out(row('schema', 'backlog', 'oldest_age_seconds'));
    for (const o of await listOutboxBacklogs(db)) io.out(row(o.schema, o.backlog, Math.round(o.oldestAgeSeconds)));
    return 0;
  } finally {
    await db.destroy();
  }
}
