import { randomBytes } from 'node:crypto';
import { defineEvent, defineRpc } from '@ferry/contracts';
import { openDb, type Knex } from '@ferry/db';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Bus } from '../src/bus.types';
import { consumer } from '../src/handler-builders';
import { handle } from '../src/testing';
import { connectNatsBus } from '../src/nats-bus';
import { writeEvent } from '../src/outbox';
import { startOutboxRelay } from '../src/outbox-relay';
import { createMemoryLogger, TEST_NATS_URL } from '../src/testing';
import { waitFor } from '@ferry/testing';

describe('trace context over NATS', () => {
  const tag = randomBytes(3).toString('hex');
  const exporter = new InMemorySpanExporter();
  const echo = defineRpc(`svc.tracer${tag}.echo`, z.object({}), z.object({}));
  const happened = defineEvent(`evt.traced${tag}.happened`, 1, z.object({ eventId: z.uuid() }));
  let testDb: TestDatabase;
  let db: Knex;
  let bus: Bus;

  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
    testDb = await createTestDatabase('trace');
    db = await openDb(testDb.url, { schema: 'things' });
    bus = await connectNatsBus(TEST_NATS_URL, { name: 'tracer', log: createMemoryLogger() });
  });
  afterAll(async () => {
    await bus?.drain();
    await db?.destroy();
    await testDb?.drop();
    trace.disable();
    propagation.disable();
    context.disable();
  });

  it('when an RPC is called, then the server span is a child of the client span', async () => {
    await bus.serve(`tracer${tag}`, [handle(echo, async () => ({}))]);
    await bus.request(echo, {});
    const spans = exporter.getFinishedSpans();
    const client = spans.find((s) => s.name === `rpc ${echo.subject}`);
    const server = spans.find((s) => s.name === `serve ${echo.subject}`);
    expect(client).toBeDefined();
    expect(server?.spanContext().traceId).toBe(client?.spanContext().traceId);
    expect(server?.parentSpanContext?.spanId).toBe(client?.spanContext().spanId);
  });

  it('when an event is written inside a span, then the consumer span continues that trace', async () => {
    await bus.consume([consumer(happened, { durable: `things--traced-${tag}`, db, handle: async () => undefined })]);
    const tracer = trace.getTracer('test');
    const traceId = await tracer.startActiveSpan('signup', async (span) => {
      await db.transaction((trx) => writeEvent(trx, happened, {}));
      span.end();
      return span.spanContext().traceId;
    });
    const relay = startOutboxRelay({ db, bus, log: createMemoryLogger() });
    await relay.flush();
    const consumed = await waitFor('the consumer span', () => exporter.getFinishedSpans().find((s) => s.name === `consume ${happened.subject}`));
    await relay.stop();
    expect(consumed.spanContext().traceId).toBe(traceId);
  });

  it('when the relay is kicked inside a span, then its polls run outside that trace', async () => {
    const activeAtPublish: Array<string | undefined> = [];
    const relay = startOutboxRelay({
      db,
      bus,
      log: createMemoryLogger(),
      pollMs: 60_000,
      afterPublish: () => void activeAtPublish.push(trace.getActiveSpan()?.spanContext().spanId),
    });
    await relay.flush();
    await trace.getTracer('test').startActiveSpan('commit-and-kick', async (span) => {
      await db.transaction((trx) => writeEvent(trx, happened, {}));
      relay.kick();
      span.end();
    });
    await waitFor('the kicked publish', () => activeAtPublish.length > 0);
    await relay.stop();
    expect(activeAtPublish).toEqual([undefined]);
  });
});
