import {
  API_TOKEN_SCOPE,
  AppError,
  parseOrThrow,
  type HttpRoute,
  type TAccessClaims,
  type THttpBody,
  type THttpParams,
  type THttpQuery,
  type THttpResponse,
} from '@ferry/contracts';
import type { Logger } from '@ferry/service-kit';
import type { NextFunction, Request, Response, Router } from 'express';
import { z } from 'zod';
import type { TCaller } from '../auth/access-token';
import { findLenientObject } from './strict-body';

export interface RouteInput<R extends HttpRoute> {
  body: THttpBody<R>;
  params: THttpParams<R>;
  /** The query string, parsed by the route's `query` schema when it has one. */
  query: THttpQuery<R>;
  /** Never null on an `auth: 'user'` route: the gateway answered 401 before the handler. */
  user: R['auth'] extends 'user' ? TAccessClaims : TAccessClaims | null;
  req: Request;
  res: Response;
  log: Logger;
}

/** A handler answers the contract's success body (or nothing); it may also set cookies on `res`. */
export type RouteHandler<R extends HttpRoute> = (input: RouteInput<R>) => Promise<THttpResponse<R>>;

/** What mountRoutes has checked: the parsed params, query and body, the user the route's auth lets through. */
export interface CheckedInput extends Omit<RouteInput<HttpRoute>, 'body' | 'params' | 'query' | 'user'> {
  body: unknown;
  params: unknown;
  query: unknown;
  user: TAccessClaims | null;
}

/** A contract of `@ferry/contracts` with the handler that serves it. */
export interface BoundRoute {
  contract: HttpRoute;
  handler: (input: CheckedInput) => Promise<unknown>;
}

export function bindRoute<const R extends HttpRoute>(contract: R, handler: RouteHandler<R>): BoundRoute {
  // mountRoutes parsed the input with this contract's schemas and refused a missing user on 'user' routes.
  return { contract, handler: (input) => handler(input as RouteInput<R>) };
}

export interface MountOptions {
  authenticate: (req: Request) => Promise<TCaller | null>;
  limitByIp: (req: Request, kind: 'auth' | 'default') => Promise<void>;
  limitByAccount: (userId: string) => Promise<void>;
  /** Each API token has a budget of its own, besides its owner's. */
  limitByApiToken: (tokenId: string) => Promise<void>;
}

/** What an API token gets on a route outside its scope (API_TOKEN_SCOPE). */
export const tokenScopeDenied = () =>
  new AppError('TOKEN_SCOPE_DENIED', { message: 'API tokens may call transfers and requests only; sign in to Ferry for this' });

/** A route without a body schema takes no fields: any field sent is unknown. */
const ZNoBody = z.strictObject({});

/**
 * Mounts routes on a router: rate limit, auth, validation of params and body, then the handler.
 * Every body schema must be strict at every level (an unknown field is a 400 naming it).
 */
export function mountRoutes(router: Router, routes: BoundRoute[], options: MountOptions): void {
  for (const { contract: route, handler } of routes) {
    const lenient = route.body ? findLenientObject(route.body) : null;
    if (lenient) throw new Error(`${route.method.toUpperCase()} ${route.path}: ${lenient} accepts unknown fields; use z.strictObject`);
    router[route.method](route.path, (req: Request, res: Response, next: NextFunction) => {
      void (async () => {
        await options.limitByIp(req, route.limit ?? 'default');
        // Public routes never look at the bearer: a stale token must not block refresh or logout.
        const caller = route.auth === 'none' ? null : await options.authenticate(req);
        if (caller?.apiTokenId) {
          if (!API_TOKEN_SCOPE.has(route)) throw tokenScopeDenied();
          await options.limitByApiToken(caller.apiTokenId);
        }
        const user = caller?.claims ?? null;
        if (route.auth === 'optional' && !user && req.headers.authorization) {
          throw new AppError('UNAUTHENTICATED', { message: 'Your session has ended; log in again' });
        }
        if (user) await options.limitByAccount(user.sub);
        if (route.auth === 'user') {
          if (!user) throw new AppError('UNAUTHENTICATED', { message: 'Log in to continue' });
        }
        const params = route.params ? parseOrThrow(route.params, req.params, 'path') : req.params;
        const query = route.query ? parseOrThrow(route.query, req.query, 'query') : req.query;
        if (!route.body && req.body !== undefined) parseOrThrow(ZNoBody, req.body, 'body');
        const body = route.body ? parseOrThrow(route.body, req.body ?? {}, 'body') : undefined;
        const log = (res.locals['log'] as Logger | undefined) ?? (req.app.locals['log'] as Logger);
        const answer = await handler({ body, params, query, user, req, res, log });
        // A handler that sent a file itself (a receipt's PDF) has answered already.
        if (res.headersSent) return;
        if (route.response === undefined) res.status(route.status).end();
        else res.status(route.status).json(answer);
      })().catch(next);
    });
  }
}
