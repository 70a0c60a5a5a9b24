import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { fileURLToPath } from 'node:url';
import type { RpcDef } from '@ferry/contracts';
import type { BusLogger, RpcContext, RpcHandler } from './bus.types';

/** Path of a relay script that SIGKILLs itself between publishing and marking (see the file). */
export const DOOMED_RELAY_FIXTURE = fileURLToPath(new URL('./doomed-relay.fixture.ts', import.meta.url));

/** A stand-in endpoint for a test (a fake identity, a fake storage): services themselves use `serve`. */
export function handle<TReq, TRes>(rpc: RpcDef<TReq, TRes>, fn: (request: TReq, context: RpcContext) => Promise<TRes>): RpcHandler {
  return { rpc, fn };
}

/** The NATS server tests use: the one CI starts on 127.0.0.1:4222 unless TEST_NATS_URL says otherwise. */
export const TEST_NATS_URL = process.env['TEST_NATS_URL'] ?? 'nats://127.0.0.1:4222';

/** A logger for tests that keeps what was logged, so a test can assert on warnings. */
export function createMemoryLogger(): BusLogger & { lines: Array<{ level: string; obj: object; msg?: string }> } {
  const lines: Array<{ level: string; obj: object; msg?: string }> = [];
  const at = (level: string) => (obj: object, msg?: string) => void lines.push({ level, obj, msg });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** Counts the messages JetStream holds on one subject (to prove broker-side dedupe). */
export async function countStreamMessages(url: string, stream: string, subject: string): Promise<number> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(stream, { subjects_filter: subject });
    return Number(info.state.subjects?.[subject] ?? 0);
  } finally {
    await nc.close();
  }
}

/** Deletes a durable consumer so a test starts from a clean slate. */
export async function deleteConsumer(url: string, stream: string, durable: string): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.consumers.delete(stream, durable).catch(() => undefined);
  } finally {
    await nc.close();
  }
}

/** A durable consumer's settings and state as the broker has them. */
export async function consumerInfo(url: string, stream: string, durable: string) {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    return await jsm.consumers.info(stream, durable);
  } finally {
    await nc.close();
  }
}

/** Deletes an environment's streams (tests that make their own NATS_PREFIX clean up after them). */
export async function deleteStreams(url: string, names: { eventStream: string; deadLetterStream: string }): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    for (const stream of [names.eventStream, names.deadLetterStream]) await jsm.streams.delete(stream).catch(() => false);
  } finally {
    await nc.close();
  }
}
