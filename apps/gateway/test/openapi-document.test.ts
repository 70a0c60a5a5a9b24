import { createInProcessBus } from '@ferry/bus';
import { createMemoryLogger } from '@ferry/bus/testing';
import { HTTP_ROUTES } from '@ferry/contracts';
import { createLogger } from '@ferry/service-kit';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { ZGatewayConfig } from '../src/config';
import { createGatewayApp } from '../src/gateway.app';
import { gatewayRoutes } from '../src/routes/gateway-routes';

const openApiPath = (path: string) => `/api/v1${path.replace(/:([A-Za-z]+)/g, '{$1}')}`;

describe('route contracts', () => {
  const bus = createInProcessBus({ log: createMemoryLogger() });
  const config = ZGatewayConfig.parse({ AUTH_JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long' });
  const gateway = createGatewayApp({ bus, log: createLogger({ service: 'gateway-test', level: 'silent' }), config });
  afterAll(() => gateway.rateLimits.close());

  it('when the gateway binds its routes, then every contract of @ferry/contracts is bound exactly once and nothing else', () => {
    const bound = gatewayRoutes({ bus, secureCookies: false }).map((route) => route.contract);
    expect(new Set(bound).size).toBe(bound.length);
    expect(new Set(bound)).toEqual(new Set(HTTP_ROUTES));
  });

  it('when /api/docs is read, then it lists every contract route with its method, auth, params, body and success status', async () => {
    const docs = (await request(gateway.app).get('/api/docs').expect(200)).body as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const documented = Object.entries(docs.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    expect(documented.sort()).toEqual(HTTP_ROUTES.map((route) => `${route.method} ${openApiPath(route.path)}`).sort());
    for (const route of HTTP_ROUTES) {
      const operation = docs.paths[openApiPath(route.path)]?.[route.method] as {
        tags: string[]; security?: unknown; requestBody?: unknown; responses: Record<string, unknown>; parameters?: Array<{ name: string; in: string }>;
      };
      const where = `${route.method} ${route.path}`;
      expect(operation.tags, where).toEqual([route.tag]);
      expect(operation.security !== undefined, where).toBe(route.auth !== 'none');
      expect(operation.requestBody !== undefined, where).toBe(route.body !== undefined);
      expect(Object.keys(operation.responses).sort(), where).toEqual([route.status, ...(route.errors ?? [])].map(String).sort());
      const inPath = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(inPath.sort(), where).toEqual(Object.keys(route.params?.shape ?? {}).sort());
      const inQuery = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(inQuery.sort(), where).toEqual(Object.keys(route.query?.shape ?? {}).sort());
    }
  });
});
