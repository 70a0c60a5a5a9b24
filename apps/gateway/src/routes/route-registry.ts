import { AppError, parseOrThrow, type TAccessClaims } from '@ferry/contracts';
import type { Logger } from '@ferry/service-kit';
import type { NextFunction, Request, Response, Router } from 'express';
import type { z } from 'zod';

export type RouteAuth = 'none' | 'user';

export interface RouteInput<TBody, TParams> {
  body: TBody;
  params: TParams;
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

export interface RouteSpec<TBody = unknown, TParams = unknown> {
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
  responses: Record<number, z.ZodType | null>;
  errors?: number[];
  handler: (input: RouteInput<TBody, TParams>) => Promise<RouteResult>;
}

export function defineRoute<TBody = undefined, TParams = Record<string, string>>(spec: RouteSpec<TBody, TParams>): RouteSpec {
  return spec as unknown as RouteSpec;
}

export interface MountOptions {
  authenticate: (req: Request) => Promise<TAccessClaims | null>;
  limitByIp: (req: Request, kind: 'auth' | 'default') => Promise<void>;
  limitByAccount: (userId: string) => Promise<void>;
}

/** Mounts routes on a router: rate limit, auth, validation of params and body, then the handler. */
export function mountRoutes(router: Router, routes: RouteSpec[], options: MountOptions): void {
  for (const route of routes) {
    router[route.method](route.path, (req: Request, res: Response, next: NextFunction) => {
      void (async () => {
        await options.limitByIp(req, route.limit ?? 'default');
        // Public routes never look at the bearer: a stale token must not block refresh or logout.
        const user = route.auth === 'user' ? await options.authenticate(req) : null;
        if (route.auth === 'user') {
          if (!user) throw new AppError('UNAUTHENTICATED', { message: 'Log in to continue' });
          await options.limitByAccount(user.sub);
        }
        const params = route.params ? parseOrThrow(route.params, req.params, 'path') : req.params;
        const body = route.body ? parseOrThrow(route.body, req.body ?? {}, 'body') : undefined;
        const log = (res.locals['log'] as Logger | undefined) ?? (req.app.locals['log'] as Logger);
        const result = await route.handler({ body, params, user, req, res, log });
        if (result.body === undefined) res.status(result.status).end();
        else res.status(result.status).json(result.body);
      })().catch(next);
    });
  }
}
