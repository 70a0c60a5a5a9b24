import { context, propagation, trace } from '@opentelemetry/api';
import { startOtlpReceiver, waitFor, type OtlpReceiver } from '@ferry/testing';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp, finishHttpApp } from './http-app';
import { withSpan } from './telemetry';
import { startTelemetry, type Telemetry } from './telemetry-sdk';
import { captureLog } from './testing/capture-log';

const DATABASE_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('startTelemetry with an OTLP endpoint', () => {
  let receiver: OtlpReceiver;
  let telemetry: Telemetry;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    // pg and express were imported above, before the SDK started, as in a service's main.ts.
    telemetry = startTelemetry({ service: 'kit-test', env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '50' } });
  });
  afterAll(async () => {
    await telemetry?.shutdown();
    await receiver?.close();
    trace.disable();
    context.disable();
    propagation.disable();
  });

  it('when a span queries Postgres, then the span and a pg child span reach the receiver as kit-test', async () => {
    expect(telemetry.tracesUrl).toBe(`${receiver.endpoint}/v1/traces`);
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    const traceId = await withSpan('load-things', {}, async (span) => {
      await client.query('select 1 as one');
      return span.spanContext().traceId;
    });
    await client.end();
    await telemetry.flush();
    const spans = await waitFor('both spans', () => {
      const own = receiver.spans.filter((span) => span.traceId === traceId);
      return own.length >= 2 ? own : undefined;
    });
    const parent = spans.find((span) => span.name === 'load-things');
    const query = spans.find((span) => span.scope === '@opentelemetry/instrumentation-pg' && span.name.startsWith('pg.query'));
    expect(parent?.service).toBe('kit-test');
    expect(query?.parentSpanId).toBe(parent?.spanId);
  });

  it('when a request is served, then express spans are children of the one server span, and its log line has the trace id', async () => {
    const { log, lines } = captureLog();
    const app = createHttpApp({ log, service: 'kit-test' });
    app.get('/things/:id', (_req, res) => void res.json({ ok: true }));
    const res = await request(finishHttpApp(app, { log })).get('/things/7');
    expect(res.status).toBe(200);
    await telemetry.flush();
    const server = await waitFor('the server span', () => receiver.spans.find((span) => span.name === 'HTTP GET /things/:id'));
    const own = receiver.spans.filter((span) => span.traceId === server.traceId);
    expect(own.filter((span) => span.kind === 2)).toHaveLength(1);
    const express = own.filter((span) => span.scope === '@opentelemetry/instrumentation-express');
    expect(express.map((span) => span.name)).toContain('request handler');
    expect(express.every((span) => span.parentSpanId === server.spanId)).toBe(true);
    expect(lines.find((line) => line.msg === 'request')).toMatchObject({ trace_id: server.traceId, span_id: server.spanId });
  });
});
