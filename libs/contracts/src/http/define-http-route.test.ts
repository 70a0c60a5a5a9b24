import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineHttpRoute, resolveHttpPath, resolveHttpUrl } from './define-http-route';
import { HTTP_ROUTES } from './http-routes';

describe('defineHttpRoute', () => {
  it('when a path names a param the params schema lacks (or the other way round), then the route is refused', () => {
    const route = { method: 'get', tag: 't', summary: 's', auth: 'none', status: 200 } as const;
    expect(() => defineHttpRoute({ ...route, path: '/a/:slug' })).toThrow(/:?slug/);
    expect(() => defineHttpRoute({ ...route, path: '/a', params: z.object({ slug: z.string() }) })).toThrow(/slug/);
    expect(defineHttpRoute({ ...route, path: '/a/:slug', params: z.object({ slug: z.string() }) }).path).toBe('/a/:slug');
  });

  it('when a call is resolved, then each param is URL-encoded in place and undefined query values are left out', () => {
    const route = defineHttpRoute({
      method: 'post', path: '/r/:slug/u/:id', tag: 't', summary: 's', auth: 'none', status: 200,
      params: z.object({ slug: z.string(), id: z.string() }),
    });
    expect(resolveHttpPath(route, { slug: 'a b/c', id: '?#' })).toBe('/r/a%20b%2Fc/u/%3F%23');
    expect(resolveHttpUrl(route, { params: { slug: 's', id: 'i' }, query: { limit: 30, recipient: undefined } })).toBe('/r/s/u/i?limit=30');
    expect(() => resolveHttpPath(route, { slug: 's' })).toThrow(/:id/);
  });

  it('when every route of the API is listed, then no method and path is declared twice', () => {
    const keys = HTTP_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
