import { createInProcessBus } from '@ferry/bus';
import { createMemoryLogger, handle } from '@ferry/bus/testing';
import { GEO_RPC, UNKNOWN_LOCATION } from '@ferry/contracts';
import { createLogger } from '@ferry/service-kit';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZGatewayConfig } from '../src/config';
import { createGatewayApp, type GatewayApp } from '../src/gateway.app';

const DUBAI = { known: true, countryCode: 'AE', country: 'United Arab Emirates', city: 'Dubai' };

describe('GET /geo/me', () => {
  const bus = createInProcessBus({ log: createMemoryLogger() });
  /** The IPs the gateway asked geo about. */
  const asked: string[] = [];
  const gateways: GatewayApp[] = [];

  function makeApp(env: Record<string, string>) {
    const config = ZGatewayConfig.parse({ AUTH_JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long', ...env });
    const gateway = createGatewayApp({ bus, log: createLogger({ service: 'gateway-test', level: 'silent' }), config });
    gateways.push(gateway);
    return gateway.app;
  }

  beforeAll(async () => {
    // A stand-in geo: the gateway's job is which IP it asks about and the body it answers.
    await bus.serve('geo', [
      handle(GEO_RPC.lookup, async ({ ip }) => {
        asked.push(ip);
        return ip === '94.200.0.1' ? DUBAI : UNKNOWN_LOCATION;
      }),
    ]);
  });
  beforeEach(() => {
    asked.length = 0;
  });
  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.rateLimits.close()));
  });

  it('when one proxy is trusted and it forwards a Dubai address, then the answer is Dubai, AE', async () => {
    const res = await request(makeApp({ TRUST_PROXY_HOPS: '1' })).get('/api/v1/geo/me').set('X-Forwarded-For', '94.200.0.1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ country: 'United Arab Emirates', countryCode: 'AE', city_name: 'Dubai' });
    expect(asked).toEqual(['94.200.0.1']);
  });

  it('when no proxy is trusted, then a forged X-Forwarded-For is ignored and the peer address answers unknown', async () => {
    const res = await request(makeApp({})).get('/api/v1/geo/me').set('X-Forwarded-For', '94.200.0.1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ country: 'unknown', countryCode: 'unknown', city_name: 'unknown' });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
  });

  it('when the API is documented, then /geo/me is there as a public route answering the contract', async () => {
    const docs = await request(makeApp({})).get('/api/docs');
    const route = docs.body.paths['/api/v1/geo/me']?.get;
    expect(route).toMatchObject({ tags: ['geo'] });
    expect(route.security).toBeUndefined();
    expect(route.responses['200'].content['application/json'].schema.required).toEqual(['country', 'countryCode', 'city_name']);
  });
});
