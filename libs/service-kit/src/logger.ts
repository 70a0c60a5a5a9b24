import { context, isSpanContextValid, trace } from '@opentelemetry/api';
import pino, { type Logger } from 'pino';

export type { Logger };

export interface LoggerOptions {
  service: string;
  level?: string;
}

/** The active span's ids, so a log line can be found from its trace and the other way round. */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const spanContext = trace.getSpanContext(context.active());
  return spanContext && isSpanContextValid(spanContext) ? { trace_id: spanContext.traceId, span_id: spanContext.spanId } : {};
}

/**
 * JSON logs to stdout with the service's name on every line, and `trace_id`/`span_id` on
 * every line written inside a span (or under an incoming traceparent); secrets are redacted.
 */
export function createLogger(options: LoggerOptions): Logger {
  return pino({
    name: options.service,
    level: options.level ?? 'info',
    base: { service: options.service },
    mixin: traceFields,
    redact: {
      paths: [
        'password',
        '*.password',
        'refreshToken',
        '*.refreshToken',
        'accessToken',
        '*.accessToken',
        'req.headers.authorization',
        'req.headers.cookie',
        'code',
        '*.code',
        'token',
        '*.token',
      ],
      censor: '[redacted]',
    },
  });
}
