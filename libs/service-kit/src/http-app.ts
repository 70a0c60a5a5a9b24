import express, { type Express } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import type { Logger } from 'pino';
import { errorHandler, notFoundHandler } from './error-handler';
import { requestContext } from './request-context';
import { initTelemetry } from './telemetry';

export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/** The API answers JSON only: nothing may load, and nothing may frame it. */
export const API_CONTENT_SECURITY_POLICY: NonNullable<HelmetOptions['contentSecurityPolicy']> = {
  useDefaults: false,
  directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
};

export interface HttpAppOptions {
  log: Logger;
  /** Service name, set on each request span as `ferry.service`. */
  service: string;
  /** Largest JSON body accepted; default 64 KiB. Larger bodies get 400 BODY_TOO_LARGE. */
  bodyLimitBytes?: number;
  /**
   * Express `trust proxy`: `true` trusts every hop's X-Forwarded-* (only behind a proxy that
   * overwrites them), a number trusts that many hops. Default false.
   */
  trustProxy?: boolean | number;
  /**
   * Helmet options, merged over the defaults (a strict API CSP). The gateway passes its own
   * `contentSecurityPolicy` to serve the web app.
   */
  helmet?: HelmetOptions;
  /**
   * Paths whose body is kept as the raw bytes (`req.body` a Buffer, any content type) instead of
   * parsed JSON, up to `limitBytes` (default as JSON's): a webhook whose signature covers the exact bytes sent.
   */
  rawBody?: { paths: string[]; limitBytes?: number };
  /** Paths whose JSON body may be larger than `bodyLimitBytes`, each group with its own limit (express route paths, matched whole). */
  largeJsonBodies?: { paths: string[]; limitBytes: number }[];
}

/**
 * An express app with the house middleware in front: request id, span, request log,
 * security headers and a strict JSON body parser. Add routes, then call `finishHttpApp`.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  initTelemetry();
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);

  app.use(requestContext({ log: options.log, service: options.service }));
  app.use(helmet({ contentSecurityPolicy: API_CONTENT_SECURITY_POLICY, ...options.helmet }));
  if (options.rawBody?.paths.length) {
    app.use(options.rawBody.paths, express.raw({ type: () => true, limit: options.rawBody.limitBytes ?? options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES }));
  }
  // A body parsed by one of these is left alone by the app-wide parser below. `all`, not `use`: a
  // route path matches only itself, where `use` would also take every path under it.
  for (const { paths, limitBytes } of options.largeJsonBodies ?? []) {
    if (paths.length > 0) app.all(paths, express.json({ limit: limitBytes, strict: true }));
  }
  app.use(express.json({ limit: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES, strict: true }));
  return app;
}

export interface FinishHttpAppOptions {
  log: Logger;
}

/** Adds the 404 for unknown routes and the error handler; call after the last route. */
export function finishHttpApp(app: Express, options: FinishHttpAppOptions): Express {
  app.use(notFoundHandler());
  app.use(errorHandler(options.log));
  return app;
}
