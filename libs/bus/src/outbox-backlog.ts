import type { Knex } from 'knex';

/** A service schema's outbox: rows not yet published, and how long the oldest has waited. */
export interface OutboxBacklog {
  schema: string;
  backlog: number;
  /** Seconds since the oldest unpublished row was written; 0 when there is none. */
  oldestAgeSeconds: number;
}

/** The backlog of one outbox; `schema` left out reads the connection's own (its search path). */
export async function readOutboxBacklog(db: Knex, schema?: string): Promise<Omit<OutboxBacklog, 'schema'>> {
  const table = (schema ? db.withSchema(schema) : db.queryBuilder()).from('outbox');
  const [row] = await table.whereNull('published_at').select(db.raw('count(*)::int as n'), db.raw('extract(epoch from now() - min(created_at))::float as age'));
  const { n, age } = (row ?? {}) as { n?: number; age?: number | null };
  return { backlog: n ?? 0, oldestAgeSeconds: age ?? 0 };
}

/** Every service schema of the database that has an outbox, with its backlog, by schema name. */
export async function listOutboxBacklogs(db: Knex): Promise<OutboxBacklog[]> {
  const schemas: string[] = await db('information_schema.tables').where({ table_name: 'outbox', table_type: 'BASE TABLE' }).orderBy('table_schema').pluck('table_schema');
  return Promise.all(schemas.map(async (schema) => ({ schema, ...(await readOutboxBacklog(db, schema)) })));
}
