import { resolveHttpUrl, type HttpRoute, type THttpCall } from '@ferry/contracts';
import type { FetchArgs } from '@reduxjs/toolkit/query/react';

/**
 * The fetch arguments of a call to a route of `@ferry/contracts`: its method, its path with the
 * params filled in (the CLI resolves them the same way), the query and the body.
 */
export function routeArgs<R extends HttpRoute>(route: R, call: THttpCall<R>, headers?: Record<string, string>): FetchArgs & { url: string } {
  return {
    url: resolveHttpUrl(route, call),
    method: route.method.toUpperCase(),
    ...(call.body !== undefined ? { body: call.body } : {}),
    ...(headers ? { headers } : {}),
  };
}
