import { AppError, parseOrThrow, type TAccessClaims } from '@ferry/contracts';
import type { Logger } from '@ferry/service-kit';
import type { NextFunction, Request, Response, Router } from 'express';
import { z } from 'zod';
import { findLenientObject } from './strict-body';

/** 'optional': anonymous callers pass; a bearer that is sent must be valid (a stale one gets 401, so the client refreshes). */
export type RouteAuth = 'none' | 'user' | 'optional';

export interface RouteInput<TBody, TParams, TQuery = Record<string, unknown>> {
  body: TBody;
  params: TParams;
  /** The query string, parsed by the route's `query` schema when it has one. */
  query: TQuery;
  user: TAccessClaims | null;
  req: Request;
  res: Response;
  log: Logger;
}

/** What a route returns: a status, an optional JSON body; the handler may also set cookies on `res`. */
export interface RouteResult {
  status: number;
  body?: unknown;
}

export interface RouteSpec<TBody = unknown, TParams = unknown, TQuery = Record<string, unknown>> {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** Express path under /api/v1, e.g. `/auth/password-resets/:token`. */
  path: string;
  summary: string;
  tag: string;
  auth: RouteAuth;
  /** `auth` routes get the stricter per-IP limit. */
  limit?: 'auth' | 'default';
  body?: z.ZodType<TBody>;
  params?: z.ZodObject;
  query?: z.ZodObject;
  responses: Record<number, z.ZodType | null>;
  errors?: number[];
  handler: (input: RouteInput<TBody, TParams, TQuery>) => Promise<RouteResult>;
}

export function defineRoute<TBody = undefined, TParams = Record<string, string>, TQuery = Record<string, unknown>>(spec: RouteSpec<TBody, TParams, TQuery>): RouteSpec {
  return spec as unknown as RouteSpec;
}

export interface MountOptions {
  authenticate: (req: Request) => Promise<TAccessClaims | null>;
  limitByIp: (req: Request, kind: 'auth' | 'default') => Promise<void>;
  limitByAccount: (userId: string) => Promise<void>;
}

/** A route without a body schema takes no fields: any field sent is unknown. */
const ZNoBody = z.strictObject({});

/**
 * Mounts routes on a router: rate limit, auth, validation of params and body, then the handler.
 * Every body schema must be strict at every level (an unknown field is a 400 naming it).
 */
export function mountRoutes(router: Router, routes: RouteSpec[], options: MountOptions): void {
  for (const route of routes) {
    const lenient = route.body ? findLenientObject(route.body) : null;
    if (lenient) throw new Error(`${route.method.toUpperCase()} ${route.path}: ${lenient} accepts unknown fields; use z.strictObject`);
    router[route.method](route.path, (req: Request, res: Response, next: NextFunction) => {
      void (async () => {
        await options.limitByIp(req, route.limit ?? 'default');
        // Public routes never look at the bearer: a stale token must not block refresh or logout.
        const user = route.auth === 'none' ? null : await options.authenticate(req);
        if (route.auth === 'optional' && !user && req.headers.authorization) {
          throw new AppError('UNAUTHENTICATED', { message: 'Your session has ended; log in again' });
        }
        if (user) await options.limitByAccount(user.sub);
        if (route.auth === 'user') {
          if (!user) throw new AppError('UNAUTHENTICATED', { message: 'Log in to continue' });
        }
        const params = route.params ? parseOrThrow(route.params, req.params, 'path') : req.params;
        const query = route.query ? parseOrThrow(route.query, req.query, 'query') : (req.query as Record<string, unknown>);
        if (!route.body && req.body !== undefined) parseOrThrow(ZNoBody, req.body, 'body');
        const body = route.body ? parseOrThrow(route.body, req.body ?? {}, 'body') : undefined;
        const log = (res.locals['log'] as Logger | undefined) ?? (req.app.locals['log'] as Logger);
        const result = await route.handler({ body, params, query, user, req, res, log });
        if (result.body === undefined) res.status(result.status).end();
        else res.status(result.status).json(result.body);
      })().catch(next);
    });
  }
}
