import { isAppError } from '@ferry/contracts';
import type { Knex } from 'knex';
import { Counter, Gauge, Histogram } from 'prom-client';
import { readOutboxBacklog } from './outbox-backlog';

/**
 * What the bus reports to Prometheus (prom-client's default registry, served at `/metrics` on each
 * service's ops port): RPC latency and failures by subject on both ends, events consumed by outcome,
 * events published, the outbox's backlog and its oldest row's age, and (on NATS) each consumer's lag.
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 150];

const rpcClient = new Histogram({
  name: 'ferry_rpc_client_duration_seconds',
  help: 'Time an RPC call took, by subject and outcome (ok or the error code)',
  labelNames: ['subject', 'outcome'] as const,
  buckets: BUCKETS,
});

const rpcServer = new Histogram({
  name: 'ferry_rpc_server_duration_seconds',
  help: 'Time a served RPC took, by subject and outcome (ok or the error code)',
  labelNames: ['subject', 'outcome'] as const,
  buckets: BUCKETS,
});

const eventsConsumed = new Counter({
  name: 'ferry_events_consumed_total',
  help: 'Deliveries handled by durable consumers, by consumer and outcome (ack, duplicate, retry, dead_letter)',
  labelNames: ['consumer', 'outcome'] as const,
});

const eventsPublished = new Counter({
  name: 'ferry_events_published_total',
  help: 'Events the outbox relay published, by subject',
  labelNames: ['subject'] as const,
});

/** Where each outbox relay of the process reads its backlog from. */
const outboxes = new Map<string, Knex>();

// Registered on creation; read only by the registry when /metrics is scraped.
new Gauge({
  name: 'ferry_outbox_backlog',
  help: 'Outbox rows not yet published, by service schema',
  labelNames: ['schema'] as const,
  async collect() {
    await Promise.all([...outboxes].map(async ([schema, db]) => {
      const { backlog, oldestAgeSeconds } = await readOutboxBacklog(db);
      this.set({ schema }, backlog);
      outboxOldestAge.set({ schema }, oldestAgeSeconds);
    }).map((p) => p.catch(() => undefined)));
  },
});

const outboxOldestAge = new Gauge({
  name: 'ferry_outbox_oldest_age_seconds',
  help: 'Age of the oldest unpublished outbox row, by service schema (0 when none)',
  labelNames: ['schema'] as const,
});

/** Lag readers of the process's durable consumers (NATS: pending and unacknowledged messages). */
const lagReaders = new Map<string, () => Promise<number>>();

const consumerLag = new Gauge({
  name: 'ferry_consumer_lag_messages',
  help: 'Messages a durable consumer has not yet acknowledged (pending plus in flight)',
  labelNames: ['consumer'] as const,
  async collect() {
    await Promise.all([...lagReaders].map(async ([consumer, read]) => {
      try {
        this.set({ consumer }, await read());
      } catch {
        // The broker did not answer: keep the last value rather than report a false zero.
      }
    }));
  },
});

export function outcomeOf(error: unknown): string {
  return isAppError(error) ? error.code : 'error';
}

/** Times one RPC call as its caller sees it. */
export async function measureRpcCall<T>(subject: string, call: () => Promise<T>): Promise<T> {
  const end = rpcClient.startTimer({ subject });
  try {
    const result = await call();
    end({ outcome: 'ok' });
    return result;
  } catch (error) {
    end({ outcome: outcomeOf(error) });
    throw error;
  }
}

export function recordRpcServed(subject: string, seconds: number, outcome: string): void {
  rpcServer.observe({ subject, outcome }, seconds);
}

export function recordEventConsumed(consumer: string, outcome: 'ack' | 'duplicate' | 'retry' | 'dead_letter'): void {
  eventsConsumed.inc({ consumer, outcome });
}

export function recordEventPublished(subject: string): void {
  eventsPublished.inc({ subject });
}

export function watchOutbox(schema: string, db: Knex): () => void {
  outboxes.set(schema, db);
  return () => {
    if (outboxes.get(schema) === db) outboxes.delete(schema);
  };
}

export function watchConsumerLag(consumer: string, read: () => Promise<number>): () => void {
  lagReaders.set(consumer, read);
  return () => {
    if (lagReaders.get(consumer) === read) lagReaders.delete(consumer);
    consumerLag.remove({ consumer });
  };
}
