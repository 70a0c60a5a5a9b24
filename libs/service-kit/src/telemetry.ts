import {
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

export const TRACER_NAME = 'ferry';

/**
 * Registers the W3C trace-context propagator and the AsyncLocalStorage context manager
 * globally, so an incoming `traceparent` reaches outgoing bus messages even when no SDK
 * (exporter) is installed. Safe to call more than once: whatever is registered first stays.
 * `startTelemetry` calls it and adds the SDK when an OTLP endpoint is configured.
 */
export function initTelemetry(): void {
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const manager = new AsyncLocalStorageContextManager().enable();
  if (!context.setGlobalContextManager(manager)) manager.disable();
}

export function getTracer(): Tracer {
  return trace.getTracer(TRACER_NAME);
}

export interface WithSpanOptions {
  /** Parent context; defaults to the active one. */
  parent?: Context;
  /** Defaults to INTERNAL. */
  kind?: SpanKind;
}

/**
 * Runs `fn` inside an active span. A thrown error is recorded on the span with ERROR
 * status and rethrown; the span always ends.
 */
export function withSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
  options: WithSpanOptions = {},
): Promise<T> {
  const parent = options.parent ?? context.active();
  return getTracer().startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes },
    parent,
    async (span) => {
      try {
        return await fn(span);
      } catch (error) {
        recordSpanError(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

export function recordSpanError(span: Span, error: unknown): void {
  if (error instanceof Error) {
    span.recordException(error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
  } else {
    span.recordException(String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
  }
}
