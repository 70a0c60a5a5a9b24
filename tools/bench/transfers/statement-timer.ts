import type { Knex } from 'knex';

/** The SQL statements of one `TRANSFERS_RPC.list` call, as `listTransfers` runs them. */
export type ListStatement = 'list' | 'counts' | 'recipients' | 'downloads';

export interface TimedStatement {
  kind: ListStatement;
  /** As sent to Postgres, with `$n` placeholders. */
  sql: string;
  bindings: readonly unknown[];
  /** From knex's `query` event (connection acquired, about to send) to `query-response`. */
  ms: number;
}

export interface StatementTimer {
  /** Statements of the list call that finished since the last `take()`. */
  take(): TimedStatement[];
  stop(): void;
}

interface KnexQueryEvent {
  __knexQueryUid?: string;
  sql: string;
  bindings?: readonly unknown[];
}

/** Which list statement a SQL text is; null for anything else on the pool (the outbox relay). */
function classify(sql: string): ListStatement | null {
  if (sql.includes('count(*)')) return 'counts';
  if (sql.startsWith('select * from "transfers"')) return 'list';
  if (sql.startsWith('select * from "transfer_recipients"')) return 'recipients';
  if (sql.includes('row_number() over (partition by transfer_id')) return 'downloads';
  return null;
}

/**
 * Times the list statements on `db` from knex's own events, so the counts query is measured
 * alone inside the real RPC (it is not exported from the service).
 */
export function startStatementTimer(db: Knex): StatementTimer {
  const started = new Map<string, { at: number; kind: ListStatement; sql: string; bindings: readonly unknown[] }>();
  let done: TimedStatement[] = [];
  const onQuery = (event: KnexQueryEvent) => {
    const kind = classify(event.sql);
    if (!kind || !event.__knexQueryUid) return;
    started.set(event.__knexQueryUid, { at: performance.now(), kind, sql: event.sql, bindings: [...(event.bindings ?? [])] });
  };
  const onResponse = (_response: unknown, event: KnexQueryEvent) => {
    const start = event.__knexQueryUid ? started.get(event.__knexQueryUid) : undefined;
    if (!start || !event.__knexQueryUid) return;
    started.delete(event.__knexQueryUid);
    done.push({ kind: start.kind, sql: start.sql, bindings: start.bindings, ms: performance.now() - start.at });
  };
  db.on('query', onQuery);
  db.on('query-response', onResponse);
  return {
    take() {
      const taken = done;
      done = [];
      return taken;
    },
    stop() {
      db.off('query', onQuery);
      db.off('query-response', onResponse);
    },
  };
}
