import { ROOT_CONTEXT, context, propagation, trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traceFields } from './logger';
import { initTelemetry } from './telemetry';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN_ID = '00f067aa0ba902b7';

describe('trace ids on log lines (no SDK registered)', () => {
  beforeAll(() => initTelemetry());
  afterAll(() => {
    context.disable();
    propagation.disable();
  });

  it('when a line is written outside any trace, then it has no trace fields', () => {
    expect(traceFields()).toEqual({});
  });

  it('when a line is written under an incoming traceparent, then it carries that trace and span id', () => {
    const incoming = propagation.extract(ROOT_CONTEXT, { traceparent: `00-${TRACE_ID}-${SPAN_ID}-01` });
    const fields = context.with(incoming, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return traceFields();
    });
    return expect(fields).resolves.toEqual({ trace_id: TRACE_ID, span_id: SPAN_ID });
  });

  it('when a span of the no-op tracer is active, then its (incoming) ids are the ones logged', () => {
    const incoming = propagation.extract(ROOT_CONTEXT, { traceparent: `00-${TRACE_ID}-${SPAN_ID}-01` });
    const span = trace.getTracer('t').startSpan('noop', {}, incoming);
    expect(context.with(trace.setSpan(incoming, span), traceFields)).toEqual({ trace_id: TRACE_ID, span_id: SPAN_ID });
  });
});
