import { HTTP_ROUTES, pathParamsOf, type HttpRoute } from '@ferry/contracts';
import { describe, expect, it } from 'vitest';
import { routeArgs } from './route-args';

/** A value for each path param with the characters a path must encode (the CLI's test uses the same). */
const sampleParams = (route: HttpRoute) => Object.fromEntries(pathParamsOf(route.path).map((name) => [name, `${name} é/?#`]));
const expectedPath = (route: HttpRoute) => route.path.replace(/:([A-Za-z0-9]+)/g, (_segment, name: string) => encodeURIComponent(`${name} é/?#`));

describe('the web client of the route contracts', () => {
  it('when any contract route is called, then the URL is its path with each param encoded in place, under its method', () => {
    for (const route of HTTP_ROUTES) {
      const args = routeArgs(route, { params: sampleParams(route) });
      expect(`${args.method} ${args.url}`).toBe(`${route.method.toUpperCase()} ${expectedPath(route)}`);
    }
  });

  it('when a call has a query and a body, then undefined query values are left out and the body goes as it is', () => {
    const route = HTTP_ROUTES.find((r) => r.path === '/public/transfers/:slug/downloads') as HttpRoute;
    const args = routeArgs(route, { params: { slug: 'Ab3dE5g' }, body: { fileId: 'f1' } }, { 'X-Transfer-Password': 'pw' });
    expect(args).toEqual({ url: '/public/transfers/Ab3dE5g/downloads', method: 'POST', body: { fileId: 'f1' }, headers: { 'X-Transfer-Password': 'pw' } });
    const list = HTTP_ROUTES.find((r) => r.path === '/public/transfers/:slug' && r.method === 'get') as HttpRoute;
    expect(routeArgs(list, { params: { slug: 'Ab3dE5g' }, query: { recipient: undefined } }).url).toBe('/public/transfers/Ab3dE5g');
  });
});
