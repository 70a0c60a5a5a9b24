import { describe, expect, it } from 'vitest';
import { loadBillingConfig } from '../src/config';

const BASE = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/ferry', NATS_URL: 'nats://127.0.0.1:4222' };
const STRIPE = {
  BILLING_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  STRIPE_PRICE_PM: 'price_pm', STRIPE_PRICE_PY: 'price_py', STRIPE_PRICE_PRM: 'price_prm',
  STRIPE_PRICE_PRY: 'price_pry', STRIPE_PRICE_BM: 'price_bm', STRIPE_PRICE_BY: 'price_by',
};

describe("billing's Stripe configuration", () => {
  it('when BILLING_PROVIDER=stripe has every key, secret and price, then it loads', () => {
    expect(loadBillingConfig({ ...BASE, ...STRIPE })).toMatchObject({ BILLING_PROVIDER: 'stripe', STRIPE_PRICE_BY: 'price_by' });
  });

  it('when BILLING_PROVIDER=stripe lacks a setting, then boot fails naming each missing variable', () => {
    const { STRIPE_WEBHOOK_SECRET: _secret, STRIPE_PRICE_PRY: _price, ...partial } = STRIPE;
    expect(() => loadBillingConfig({ ...BASE, ...partial })).toThrow(/STRIPE_WEBHOOK_SECRET[\s\S]*STRIPE_PRICE_PRY|STRIPE_PRICE_PRY[\s\S]*STRIPE_WEBHOOK_SECRET/);
  });

  it('when a value has the wrong shape, then boot fails with its name', () => {
    expect(() => loadBillingConfig({ ...BASE, ...STRIPE, STRIPE_PRICE_PM: 'prod_123' })).toThrow(/STRIPE_PRICE_PM/);
    expect(() => loadBillingConfig({ ...BASE, ...STRIPE, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('when the provider is local, then no Stripe setting is needed', () => {
    expect(loadBillingConfig(BASE).BILLING_PROVIDER).toBe('local');
  });
});
