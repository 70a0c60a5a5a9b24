import { SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpApp, finishHttpApp } from './http-app';
import { initTelemetry, withSpan } from './telemetry';
import { captureLog } from './testing/capture-log';

const exporter = new InMemorySpanExporter();
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_SPAN_ID = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${PARENT_SPAN_ID}-01`;

beforeAll(() => {
  trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
  initTelemetry();
});
afterAll(() => {
  trace.disable();
  context.disable();
  propagation.disable();
});
beforeEach(() => exporter.reset());

describe('withSpan', () => {
  it('when fn resolves, then one ended span with the name, attributes and kind is exported', async () => {
    const result = await withSpan('transfers.create', { 'ferry.slug': 'abc1234' }, async () => 42, {
      kind: SpanKind.CONSUMER,
    });
    expect(result).toBe(42);
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('transfers.create');
    expect(span?.attributes['ferry.slug']).toBe('abc1234');
    expect(span?.kind).toBe(SpanKind.CONSUMER);
    expect(span?.status.code).not.toBe(SpanStatusCode.ERROR);
  });

  it('when fn throws, then the error is rethrown, recorded as an exception and the status is ERROR', async () => {
    await expect(
      withSpan('fails', {}, async () => {
        throw new Error('disk on fire');
      }),
    ).rejects.toThrow('disk on fire');
    const [span] = exporter.getFinishedSpans();
    expect(span?.status).toMatchObject({ code: SpanStatusCode.ERROR, message: 'disk on fire' });
    expect(span?.events.some((event) => event.name === 'exception')).toBe(true);
  });

  it('when spans nest, then the inner span is a child of the outer one through the active context', async () => {
    await withSpan('outer', {}, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      await withSpan('inner', {}, async () => undefined);
    });
    const spans = exporter.getFinishedSpans();
    const outer = spans.find((span) => span.name === 'outer');
    const inner = spans.find((span) => span.name === 'inner');
    expect(inner?.parentSpanContext?.spanId).toBe(outer?.spanContext().spanId);
    expect(inner?.spanContext().traceId).toBe(outer?.spanContext().traceId);
  });

  it('when a parent context is given, then the span is its child', async () => {
    const parent = propagation.extract(context.active(), { traceparent: TRACEPARENT });
    await withSpan('child', {}, async () => undefined, { parent });
    const [span] = exporter.getFinishedSpans();
    expect(span?.spanContext().traceId).toBe(TRACE_ID);
    expect(span?.parentSpanContext?.spanId).toBe(PARENT_SPAN_ID);
  });
});

describe('createHttpApp: request spans', () => {
  function buildApp() {
    const { log, lines } = captureLog();
    const app = createHttpApp({ log, service: 'test' });
    app.get('/transfers/:slug', async (_req, res) => {
      await withSpan('load', {}, async () => undefined);
      res.json({ ok: true });
    });
    app.get('/boom', () => {
      throw new Error('kaput');
    });
    return { app: finishHttpApp(app, { log }), lines };
  }

  it('when a request carries a traceparent, then the server span continues that trace and names the route', async () => {
    const { app, lines } = buildApp();
    const res = await request(app).get('/transfers/abc1234').set('traceparent', TRACEPARENT);
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(exporter.getFinishedSpans().map((span) => span.name)).toContain('HTTP GET /transfers/:slug'));
    const spans = exporter.getFinishedSpans();
    const server = spans.find((span) => span.name === 'HTTP GET /transfers/:slug');
    expect(server?.kind).toBe(SpanKind.SERVER);
    expect(server?.spanContext().traceId).toBe(TRACE_ID);
    expect(server?.parentSpanContext?.spanId).toBe(PARENT_SPAN_ID);
    expect(server?.attributes['http.response.status_code']).toBe(200);
    const load = spans.find((span) => span.name === 'load');
    expect(load?.parentSpanContext?.spanId).toBe(server?.spanContext().spanId);
    expect(lines.find((line) => line.msg === 'request')).toMatchObject({ trace_id: TRACE_ID, span_id: server?.spanContext().spanId });
  });

  it('when a handler fails with a 500, then the server span has ERROR status and the exception', async () => {
    const { app } = buildApp();
    await request(app).get('/boom');
    await vi.waitFor(() => expect(exporter.getFinishedSpans()).toHaveLength(1));
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('HTTP GET /boom');
    expect(span?.status.code).toBe(SpanStatusCode.ERROR);
    expect(span?.attributes['http.response.status_code']).toBe(500);
    expect(span?.events.some((event) => event.name === 'exception')).toBe(true);
  });

  it('when a probe or a scrape is served, then no span is made for it', async () => {
    const { log } = captureLog();
    const app = createHttpApp({ log, service: 'test' });
    app.get('/readyz', async (_req, res) => {
      await withSpan('check-db', {}, async () => undefined);
      res.json({ ok: true });
    });
    app.get('/metrics', (_req, res) => void res.send(''));
    const finished = finishHttpApp(app, { log });
    expect((await request(finished).get('/readyz').set('traceparent', TRACEPARENT)).status).toBe(200);
    expect((await request(finished).get('/metrics')).status).toBe(200);
    await request(finished).get('/boom');
    await vi.waitFor(() => expect(exporter.getFinishedSpans()).toHaveLength(1));
    expect(exporter.getFinishedSpans()[0]?.name).toBe('HTTP GET (unmatched)');
  });

  it('when no route matches, then the span is named unmatched rather than by raw path', async () => {
    const { app } = buildApp();
    await request(app).get('/random/abc');
    await vi.waitFor(() => expect(exporter.getFinishedSpans()).toHaveLength(1));
    expect(exporter.getFinishedSpans()[0]?.name).toBe('HTTP GET (unmatched)');
  });
});
