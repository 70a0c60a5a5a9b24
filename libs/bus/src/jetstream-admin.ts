import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { connectNats, type NatsCredentials } from './nats-connection';

/** Where an operator command connects: the environment's prefix and the `admin` user's credentials. */
export interface AdminNatsOptions {
  /** NATS_PREFIX of the environment, when it has one. */
  prefix?: string;
  /** NATS_USER, NATS_PASSWORD, NATS_TOKEN, NATS_CREDS, NATS_TLS_CA of the command's environment. */
  credentials?: NatsCredentials;
}

/**
 * A short-lived connection for an operator command. Unlike `connectNatsBus` it creates and updates
 * no stream, so a command never changes an environment's stream settings (replicas, limits).
 */
export async function withNats<T>(url: string, credentials: NatsCredentials | undefined, work: (nc: NatsConnection) => Promise<T>): Promise<T> {
  const nc = await connectNats(url, 'ferry-admin', credentials);
  try {
    return await work(nc);
  } finally {
    await nc.drain();
  }
}

/** `withNats` with JetStream's manager and client. */
export function withJetStream<T>(url: string, credentials: NatsCredentials | undefined, work: (jsm: JetStreamManager, js: ReturnType<typeof jetstream>) => Promise<T>): Promise<T> {
  return withNats(url, credentials, async (nc) => work(await jetstreamManager(nc), jetstream(nc)));
}
