import type { z } from 'zod';

export type THttpMethod = 'get' | 'post' | 'patch' | 'delete';

/** 'optional': anonymous callers pass; a bearer that is sent must be valid (a stale one gets 401, so the client refreshes). */
export type THttpAuth = 'none' | 'user' | 'optional';

/** One route of the public API under /api/v1: what the gateway binds, documents and checks, and what clients call. */
export interface HttpRoute {
  readonly method: THttpMethod;
  /** Express-style path under /api/v1, e.g. `/auth/password-resets/:token`; every `:name` is a key of `params`. */
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly auth: THttpAuth;
  /** `auth` routes get the stricter per-IP limit. */
  readonly limit?: 'auth' | 'default';
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  /** Strict at every level: the gateway refuses to mount a body that lets unknown fields through. */
  readonly body?: z.ZodType;
  /** The largest JSON body the gateway takes for this route, when more than its default of 64 KiB. */
  readonly bodyLimitBytes?: number;
  /** The status of a success. */
  readonly status: number;
  /** The JSON a success answers with; none for an empty answer. */
  readonly response?: z.ZodType;
  /** The statuses of the refusals the route documents (their codes are in ERROR_STATUS). */
  readonly errors?: readonly number[];
}

/**
 * The body limit of the routes that carry one entry per file of a transfer (its draft, its uploads'
 * completions): 1,500 files, the most a plan allows, at a few hundred bytes each. It stays well
 * under NATS's default max_payload (1 MiB), which the body crosses on its way to the service.
 */
export const FILE_LIST_BODY_LIMIT_BYTES = 512 * 1024;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the gateway hands a handler, parsed. */
export type THttpParams<R extends HttpRoute> = R['params'] extends z.ZodObject ? z.output<R['params']> : Record<string, never>;
export type THttpQuery<R extends HttpRoute> = R['query'] extends z.ZodObject ? z.output<R['query']> : Record<string, never>;
export type THttpBody<R extends HttpRoute> = Output<R['body']>;
/** The body a client sends, before the gateway's parsing (defaults not yet applied). */
export type THttpRequestBody<R extends HttpRoute> = Input<R['body']>;
/** What a success answers with (`void` for an empty answer). */
export type THttpResponse<R extends HttpRoute> = R['response'] extends z.ZodType ? z.output<R['response']> : void;

/** A call to a route known only as an HttpRoute (a list of them): nothing is checked. */
type TAnyHttpCall = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

/** What a client passes to call a route: path params when the path has any, the query, the body. */
export type THttpCall<R extends HttpRoute> = HttpRoute extends R ? TAnyHttpCall : TRouteCall<R>;
type TRouteCall<R extends HttpRoute> = (R['params'] extends z.ZodObject ? { params: z.input<R['params']> } : { params?: undefined }) &
  (R['query'] extends z.ZodObject ? { query?: Partial<Record<keyof z.input<R['query']>, string | number | boolean | undefined>> } : { query?: undefined }) &
  (R['body'] extends z.ZodType ? { body: THttpRequestBody<R> } : { body?: undefined });

const PATH_PARAM = /:([A-Za-z][A-Za-z0-9]*)/g;

/** The `:name` segments of a path, in order. */
export function pathParamsOf(path: string): string[] {
  return [...path.matchAll(PATH_PARAM)].map((match) => match[1] as string);
}

/**
 * Declares a route once. The path's `:name` segments must be exactly the keys of `params`,
 * so a client can always fill the path and the gateway always checks what it took from it.
 */
export function defineHttpRoute<const R extends HttpRoute>(route: R): R {
  const inPath = pathParamsOf(route.path).sort().join(',');
  const declared = Object.keys(route.params?.shape ?? {}).sort().join(',');
  if (inPath !== declared) throw new Error(`${route.method.toUpperCase()} ${route.path}: path params [${inPath}] differ from the params schema [${declared}]`);
  return route;
}

/** The path of a call, each param URL-encoded: `/transfers/:slug` with `{ slug: 'a b' }` is `/transfers/a%20b`. */
export function resolveHttpPath(route: HttpRoute, params: Record<string, unknown> = {}): string {
  return route.path.replace(PATH_PARAM, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${route.method.toUpperCase()} ${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The path and query string of a call (query values left out when undefined), relative to /api/v1. */
export function resolveHttpUrl(route: HttpRoute, call: { params?: Record<string, unknown>; query?: Record<string, unknown> } = {}): string {
  const path = resolveHttpPath(route, call.params);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(call.query ?? {})) if (value !== undefined) query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
