import { createInProcessBus } from '@ferry/bus';
import { createMemoryLogger } from '@ferry/bus/testing';
import { createLogger, loadConfig } from '@ferry/service-kit';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { ZGatewayConfig } from '../src/config';
import { createGatewayApp } from '../src/gateway.app';

const JWT = { AUTH_JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long' };
const log = createLogger({ service: 'gateway-test', level: 'silent' });
const gatewayWith = (env: Record<string, string>) =>
  createGatewayApp({ bus: createInProcessBus({ log: createMemoryLogger() }), log, config: loadConfig(ZGatewayConfig, { ...JWT, ...env }) });

describe('GET /api/v1/billing/config (the card form: provider and publishable key)', () => {
  const local = gatewayWith({});
  const stripe = gatewayWith({ BILLING_PROVIDER: 'stripe', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Ferry' });
  afterAll(async () => {
    await local.rateLimits.close();
    await stripe.rateLimits.close();
  });

  it('when the provider is local, then anyone gets provider local and no key', async () => {
    const res = await request(local.app).get('/api/v1/billing/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: 'local', publishableKey: null });
  });

  it('when the provider is stripe, then the publishable key from the gateway settings, without signing in', async () => {
    const res = await request(stripe.app).get('/api/v1/billing/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: 'stripe', publishableKey: 'pk_test_51Ferry' });
  });

  it('when a key is set but the provider is local, then no key is handed out', async () => {
    const gateway = gatewayWith({ STRIPE_PUBLISHABLE_KEY: 'pk_test_51Ferry' });
    const res = await request(gateway.app).get('/api/v1/billing/config');
    await gateway.rateLimits.close();
    expect(res.body).toEqual({ provider: 'local', publishableKey: null });
  });
});

describe('STRIPE_PUBLISHABLE_KEY in the gateway settings', () => {
  it('when BILLING_PROVIDER=stripe without it, then the gateway refuses to start and names it', () => {
    expect(() => loadConfig(ZGatewayConfig, { ...JWT, BILLING_PROVIDER: 'stripe' })).toThrow(/STRIPE_PUBLISHABLE_KEY.*required when BILLING_PROVIDER=stripe/);
  });

  it('when it is a secret key instead, then it is refused (a secret key must never reach the page)', () => {
    expect(() => loadConfig(ZGatewayConfig, { ...JWT, BILLING_PROVIDER: 'stripe', STRIPE_PUBLISHABLE_KEY: 'sk_live_abc' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });
});
