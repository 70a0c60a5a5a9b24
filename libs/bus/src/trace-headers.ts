import { context, propagation, type Context } from '@opentelemetry/api';
import type { MessageHeaders } from './bus.types';

/** Adds the active trace context (W3C traceparent) to message headers. */
export function injectTraceHeaders(headers: MessageHeaders = {}, ctx: Context = context.active()): MessageHeaders {
  const carrier: MessageHeaders = { ...headers };
  propagation.inject(ctx, carrier);
  return carrier;
}

/** The context a message's headers carry, to parent the handler's span. */
export function extractTraceContext(headers: MessageHeaders): Context {
  return propagation.extract(context.active(), headers);
}
