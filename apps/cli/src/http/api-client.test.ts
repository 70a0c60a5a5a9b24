import { HTTP_ROUTES, pathParamsOf, type HttpRoute } from '@ferry/contracts';
import { describe, expect, it } from 'vitest';
import { callRoute, createApiClient } from './api-client';

/** A value for each path param with the characters a path must encode (the web app's test uses the same). */
const sampleParams = (route: HttpRoute) => Object.fromEntries(pathParamsOf(route.path).map((name) => [name, `${name} é/?#`]));
const expectedPath = (route: HttpRoute) => route.path.replace(/:([A-Za-z0-9]+)/g, (_segment, name: string) => encodeURIComponent(`${name} é/?#`));

function recordingClient() {
  const asked: Array<{ method: string; url: string; body?: string }> = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    asked.push({ method: init?.method ?? 'GET', url: String(url), ...(typeof init?.body === 'string' ? { body: init.body } : {}) });
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { asked, client: createApiClient({ apiUrl: 'http://ferry.test/api/v1/', fetch: fetch as typeof globalThis.fetch }) };
}

describe('the CLI client of the route contracts', () => {
  it('when any contract route is called, then the URL is the API plus its path with each param encoded in place, under its method', async () => {
    const { asked, client } = recordingClient();
    for (const route of HTTP_ROUTES) await callRoute(client, route, { params: sampleParams(route) });
    expect(asked.map(({ method, url }) => `${method} ${url}`)).toEqual(
      HTTP_ROUTES.map((route) => `${route.method.toUpperCase()} http://ferry.test/api/v1${expectedPath(route)}`),
    );
  });

  it('when a call has a query and a body, then undefined query values are left out and the body is sent as JSON', async () => {
    const { asked, client } = recordingClient();
    const publicGet = HTTP_ROUTES.find((r) => r.path === '/public/transfers/:slug' && r.method === 'get') as HttpRoute;
    await callRoute(client, publicGet, { params: { slug: 'Ab3dE5g' }, query: { recipient: undefined } });
    await callRoute(client, publicGet, { params: { slug: 'Ab3dE5g' }, query: { recipient: 'r1' } });
    const login = HTTP_ROUTES.find((r) => r.path === '/auth/login') as HttpRoute;
    await callRoute(client, login, { body: { email: 'a@b.co', password: 'pw' } });
    expect(asked).toEqual([
      { method: 'GET', url: 'http://ferry.test/api/v1/public/transfers/Ab3dE5g' },
      { method: 'GET', url: 'http://ferry.test/api/v1/public/transfers/Ab3dE5g?recipient=r1' },
      { method: 'POST', url: 'http://ferry.test/api/v1/auth/login', body: '{"email":"a@b.co","password":"pw"}' },
    ]);
  });
});
