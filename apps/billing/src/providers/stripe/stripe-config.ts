import { PAID_PLAN_CODES, type TPaidPlanCode } from '@ferry/contracts';
import { z } from 'zod';

const priceEnv = (code: TPaidPlanCode) => `STRIPE_PRICE_${code}` as const;
type PriceEnvName = ReturnType<typeof priceEnv>;

const ZPriceId = z.string().regex(/^price_[A-Za-z0-9_]+$/, 'a Stripe price id (price_…)').optional();

/** The Stripe rows of billing's environment (all optional here; BILLING_PROVIDER=stripe requires them). */
export function envStripe() {
  return {
    /** The secret API key (`sk_live_…` / `sk_test_…`). */
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(live|test)_\w+$/, 'a Stripe secret key (sk_…)').optional(),
    /** The webhook endpoint's signing secret (`whsec_…`). */
    STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'a webhook signing secret (whsec_…)').optional(),
    /** Tests only: another Stripe API origin (the stand-in of @ferry/testing); unset, api.stripe.com. */
    STRIPE_API_URL: z.string().url().optional(),
    /** Where the Customer Portal sends the admin back (the billing tab). */
    STRIPE_PORTAL_RETURN_URL: z.string().url().default('http://localhost:8080/dash/account/billing'),
    STRIPE_PRICE_PM: ZPriceId,
    STRIPE_PRICE_PY: ZPriceId,
    STRIPE_PRICE_PRM: ZPriceId,
    STRIPE_PRICE_PRY: ZPriceId,
    STRIPE_PRICE_BM: ZPriceId,
    STRIPE_PRICE_BY: ZPriceId,
  };
}

export type StripeEnv = { [K in keyof ReturnType<typeof envStripe>]: z.infer<ReturnType<typeof envStripe>[K]> };

/** The names BILLING_PROVIDER=stripe needs and the environment lacks. */
export function stripeSettingsMissing(env: Partial<StripeEnv>): string[] {
  const names: Array<keyof StripeEnv> = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', ...PAID_PLAN_CODES.map(priceEnv)];
  return names.filter((name) => !env[name]);
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string | null;
  portalReturnUrl: string;
  /** Each package code's Stripe price. */
  prices: Record<TPaidPlanCode, string>;
}

export function stripeSettingsOf(env: Partial<StripeEnv>): StripeSettings {
  const missing = stripeSettingsMissing(env);
  if (missing.length > 0) throw new Error(`BILLING_PROVIDER=stripe needs ${missing.join(', ')}`);
  const prices = Object.fromEntries(PAID_PLAN_CODES.map((code) => [code, env[priceEnv(code) as PriceEnvName] ?? ''])) as Record<TPaidPlanCode, string>;
  return {
    secretKey: env.STRIPE_SECRET_KEY ?? '',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    apiUrl: env.STRIPE_API_URL ?? null,
    portalReturnUrl: env.STRIPE_PORTAL_RETURN_URL ?? 'http://localhost:8080/dash/account/billing',
    prices,
  };
}
