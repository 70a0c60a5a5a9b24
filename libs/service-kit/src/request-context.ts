import { randomUUID } from 'node:crypto';
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
  type Context,
} from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { recordHttpRequest } from './metrics';
import { getTracer } from './telemetry';

declare module 'express-serve-static-core' {
  interface Locals {
    /** Echoed in the `X-Request-Id` header and in every error body. */
    requestId: string;
    /** Child logger carrying the request id (the logger's mixin adds the trace id). */
    log: Logger;
    /** Context holding the request's server span: pass it as `parent` to `withSpan`. */
    otelContext: Context;
    /** Set by the error handler so the request log line names the failure. */
    errorCode?: string;
  }
}

export const REQUEST_ID_HEADER = 'X-Request-Id';
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
const PROBE_PATHS = new Set(['/healthz', '/readyz']);
/** Probes and scrapes come every few seconds from every pod: tracing them would bury the real traces. */
const UNTRACED_PATHS = new Set([...PROBE_PATHS, '/metrics']);

/** Keeps a caller's request id when it is short and plain, else makes a new one. */
export function pickRequestId(incoming: unknown): string {
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

function routeOf(req: Request): string | undefined {
  const path: unknown = req.route?.path;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : undefined;
}

/**
 * The path as logs and spans may keep it: a long opaque segment (a reset token, an invite
 * token, an id) is a secret or close to one, so it never reaches a log line.
 */
export function redactPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (/^[A-Za-z0-9_.~%-]{20,}$/.test(segment) ? ':redacted' : segment))
    .join('/');
}

function pathOf(req: Request): string {
  return redactPath(req.originalUrl.split('?', 1)[0] ?? '/');
}

/**
 * Request id, server span and per-request logger, plus one log line when the response ends.
 * The line carries method, path (no query string), status and duration: never bodies,
 * headers or cookies.
 */
export function requestContext(options: { log: Logger; service: string }): RequestHandler {
  const { log, service } = options;
  return (req, res, next) => {
    const startedAt = performance.now();
    const requestId = pickRequestId(req.get(REQUEST_ID_HEADER));
    res.locals.requestId = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);

    const parent = UNTRACED_PATHS.has(req.path) ? suppressTracing(ROOT_CONTEXT) : propagation.extract(ROOT_CONTEXT, req.headers);
    const span = getTracer().startSpan(
      `HTTP ${req.method}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': req.method, 'url.path': pathOf(req), 'ferry.request_id': requestId, 'ferry.service': service },
      },
      parent,
    );
    const otelContext = trace.setSpan(parent, span);
    res.locals.otelContext = otelContext;

    res.locals.log = log.child({ requestId });

    let isDone = false;
    const done = () => {
      if (isDone) return;
      isDone = true;
      const status = res.statusCode;
      const isAborted = !res.writableFinished;
      const route = routeOf(req);
      span.updateName(`HTTP ${req.method} ${route ?? '(unmatched)'}`);
      if (route) span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', status);
      if (isAborted) span.setAttribute('ferry.aborted', true);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      recordHttpRequest({ service, method: req.method, route, status, seconds: (performance.now() - startedAt) / 1000 });

      const line = {
        method: req.method,
        path: pathOf(req),
        status,
        ms: Math.round((performance.now() - startedAt) * 10) / 10,
        ...(res.locals.errorCode ? { errorCode: res.locals.errorCode } : {}),
        ...(isAborted ? { aborted: true } : {}),
      };
      // 'finish' fires outside the request's context: log inside it, so the line has the trace id.
      context.with(otelContext, () => {
        if (status >= 500) res.locals.log.error(line, 'request');
        else if (PROBE_PATHS.has(line.path) && status < 400) res.locals.log.debug(line, 'request');
        else res.locals.log.info(line, 'request');
      });
    };
    res.once('finish', done);
    res.once('close', done);

    context.with(otelContext, () => next());
  };
}
