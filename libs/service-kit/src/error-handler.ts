import { trace } from '@opentelemetry/api';
import { AppError, isAppError, toValidationError } from '@ferry/contracts';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { recordSpanError } from './telemetry';

const GENERIC_MESSAGE = 'Something went wrong';

interface HttpLikeError {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  type?: unknown;
  limit?: unknown;
}

/** "64 KiB", "1 MiB", "1500 bytes": how a body limit reads in an error message. */
export function describeByteLimit(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}

/**
 * What a client may learn about an error. `null` means unexpected: the client gets a
 * generic 500 and only the log sees the error.
 */
export function toPublicError(error: unknown): AppError | null {
  if (isAppError(error)) return error;
  if (error instanceof ZodError) return toValidationError(error);
  if (typeof error !== 'object' || error === null) return null;
  const http = error as HttpLikeError;
  // express.json (body-parser) failures
  if (http.type === 'entity.parse.failed') {
    return new AppError('MALFORMED_JSON', { message: 'Request body is not valid JSON', details: { field: 'body' } });
  }
  if (http.type === 'entity.too.large') {
    const limit = typeof http.limit === 'number' ? ` of ${describeByteLimit(http.limit)}` : '';
    return new AppError('BODY_TOO_LARGE', {
      message: `Request body is over the limit${limit}`,
      details: { field: 'body' },
    });
  }
  // Other client errors raised by express or its middleware (http-errors with expose: true,
  // e.g. a bad charset or an undecodable URL). Their own messages are not passed on.
  const status = typeof http.status === 'number' ? http.status : http.statusCode;
  if (http.expose === true && typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 404) return new AppError('NOT_FOUND', { message: 'Not found' });
    return new AppError('VALIDATION_FAILED', { status, message: 'The request could not be read' });
  }
  return null;
}

/** 404 NOT_FOUND for any request no route answered. */
export function notFoundHandler(): RequestHandler {
  return (req, _res, next) => {
    const path = (req.originalUrl.split('?', 1)[0] ?? '/').slice(0, 200);
    next(new AppError('NOT_FOUND', { message: `No route for ${req.method} ${path}` }));
  };
}

/**
 * Turns any error into `{ error: { code, message, requestId, details? } }`. Unexpected
 * errors (and AppErrors with code INTERNAL) answer with a fixed message; their stack and
 * message go to the log only.
 */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    const requestLog = res.locals.log ?? log;
    const requestId = res.locals.requestId ?? 'unknown';
    const span = res.locals.otelContext ? trace.getSpan(res.locals.otelContext) : undefined;

    const known = toPublicError(error);
    const status = known?.status ?? 500;
    const code = known?.code ?? 'INTERNAL';
    const isHidden = !known || code === 'INTERNAL';
    const message = isHidden ? GENERIC_MESSAGE : known.message;
    res.locals.errorCode = code;

    if (status >= 500) {
      requestLog.error({ err: error, errorCode: code }, isHidden ? 'unhandled error' : 'server error');
      if (span) recordSpanError(span, error);
    }

    if (res.headersSent) {
      // Part of a response is already out: the only honest signal left is a cut connection.
      res.destroy();
      return;
    }
    // A service that refuses for a while says how long in details.retryAfterSeconds (it crosses the bus).
    const retryAfter = !isHidden ? known.details?.['retryAfterSeconds'] : undefined;
    if (typeof retryAfter === 'number' && retryAfter > 0) res.setHeader('Retry-After', String(Math.ceil(retryAfter)));
    const details = !isHidden && known.details ? { details: known.details } : {};
    res.status(status).json({ error: { code, message, requestId, ...details } });
  };
}
