import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInProcessBus } from '@ferry/bus';
import { createMemoryLogger, handle } from '@ferry/bus/testing';
import { AppError, BILLING_PROVIDER_RPC, type TStripeWebhookDelivery } from '@ferry/contracts';
import { createLogger } from '@ferry/service-kit';
import Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZGatewayConfig } from '../src/config';
import { createGatewayApp } from '../src/gateway.app';

const SECRET = 'whsec_gatewaytest';
const sdk = new Stripe('sk_test_gateway');
/** Spacing, key order and escapes that a JSON parse and re-stringify would change: only the raw bytes verify. */
const PAYLOAD = '{\n  "id": "evt_gw_1",   "object": "event",\n  "type": "customer.subscription.updated",\n  "data": {"object": {"id": "sub_1", "note": "Zo\\u00eb \u2713"}}, "created": 1\n}';

const gatewayConfig = (env: Record<string, string>) => ZGatewayConfig.parse({ AUTH_JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long', ...env });
const log = createLogger({ service: 'gateway-test', level: 'silent' });

describe('POST /api/v1/billing/webhook through the gateway (BILLING_PROVIDER=stripe)', () => {
  const bus = createInProcessBus({ log: createMemoryLogger() });
  const gateway = createGatewayApp({ bus, log, config: gatewayConfig({ BILLING_PROVIDER: 'stripe', STRIPE_PUBLISHABLE_KEY: 'pk_test_gateway' }) });
  const received: TStripeWebhookDelivery[] = [];
  beforeAll(async () => {
    // Billing's side, as far as the gateway can tell: it verifies with the SDK, or fails when asked to.
    await bus.serve('billing', [
      handle(BILLING_PROVIDER_RPC.stripeWebhook, async (delivery) => {
        received.push(delivery);
        if (delivery.payload.includes('"fail-me"')) throw new Error('database went away');
        try {
          sdk.webhooks.constructEvent(delivery.payload, delivery.signature, SECRET, 300);
        } catch {
          throw new AppError('WEBHOOK_SIGNATURE_INVALID', { message: 'The Stripe-Signature header does not verify.' });
        }
        return { received: true as const, duplicate: false };
      }),
    ]);
  });
  afterAll(async () => {
    await gateway.rateLimits.close();
    await bus.drain();
  });

  it('when Stripe posts a signed event as application/json, then billing gets the exact bytes and the signature verifies', async () => {
    const signature = sdk.webhooks.generateTestHeaderString({ payload: PAYLOAD, secret: SECRET });
    const res = await request(gateway.app).post('/api/v1/billing/webhook').set('Content-Type', 'application/json; charset=utf-8').set('Stripe-Signature', signature).send(PAYLOAD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    expect(received.at(-1)).toEqual({ payload: PAYLOAD, signature });
  });

  it('when the signature does not verify or is missing, then 400 WEBHOOK_SIGNATURE_INVALID', async () => {
    const signature = sdk.webhooks.generateTestHeaderString({ payload: PAYLOAD, secret: 'whsec_other' });
    const bad = await request(gateway.app).post('/api/v1/billing/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(PAYLOAD);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const before = received.length;
    const missing = await request(gateway.app).post('/api/v1/billing/webhook').set('Content-Type', 'application/json').send(PAYLOAD);
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(received.length).toBe(before);
  });

  it('when billing fails to apply the event, then a 5xx (Stripe delivers it again)', async () => {
    const payload = '{"id": "evt_gw_2", "type": "fail-me"}';
    const res = await request(gateway.app).post('/api/v1/billing/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', sdk.webhooks.generateTestHeaderString({ payload, secret: SECRET })).send(payload);
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(JSON.stringify(res.body)).not.toContain('database went away');
  });
});

describe('the gateway with the local provider', () => {
  const gateway = createGatewayApp({ bus: createInProcessBus({ log: createMemoryLogger() }), log, config: gatewayConfig({}) });
  afterAll(() => gateway.rateLimits.close());

  it('when BILLING_PROVIDER is local, then there is no webhook route (404)', async () => {
    const res = await request(gateway.app).post('/api/v1/billing/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', 't=1,v1=x').send('{}');
    expect(res.status).toBe(404);
  });
});

describe("the web app's CSP and Stripe", () => {
  const dist = mkdtempSync(join(tmpdir(), 'ferry-web-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const cspOf = async (env: Record<string, string>) => {
    const gateway = createGatewayApp({ bus: createInProcessBus({ log: createMemoryLogger() }), log, config: gatewayConfig({ WEB_DIST_DIR: dist, ...env }) });
    try {
      return String((await request(gateway.app).get('/').set('Accept', 'text/html')).headers['content-security-policy']);
    } finally {
      await gateway.rateLimits.close();
    }
  };

  it('when BILLING_PROVIDER=stripe, then Stripe.js, its frames and its API are admitted', async () => {
    const csp = await cspOf({ BILLING_PROVIDER: 'stripe', STRIPE_PUBLISHABLE_KEY: 'pk_test_gateway' });
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com;');
    expect(csp).toMatch(/connect-src 'self'[^;]* https:\/\/api\.stripe\.com;/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('when BILLING_PROVIDER is local, then no Stripe origin is admitted', async () => {
    const csp = await cspOf({});
    expect(csp).not.toContain('stripe');
    expect(csp).toContain("script-src 'self';");
  });
});
