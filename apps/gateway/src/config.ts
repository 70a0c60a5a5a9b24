import { envLogLevel, envPort, envUrl, loadConfig, envNats } from '@ferry/service-kit';
import { z } from 'zod';

export const ZGatewayConfig = z.object({
  PORT: envPort(8080),
  /** The ops port: /metrics, /healthz, /readyz — never on the public API port. */
  OPS_PORT: envPort(8089),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: envUrl(['http', 'https']).default('http://localhost:8080'),
  ...envNats(),
  REDIS_URL: envUrl(['redis', 'rediss']).optional(),
  AUTH_JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  LOG_LEVEL: envLogLevel(),
  /** Trust X-Forwarded-For from this many proxies in front (0 = none). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  RATE_LIMIT_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_AUTH_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Calls one API token may make a minute (its owner's account limit applies too). */
  RATE_LIMIT_PER_API_TOKEN_PER_MINUTE: z.coerce.number().int().positive().default(300),
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** The web app's build to serve (`apps/web/dist`); unset, the gateway serves the API only (the app sits on a CDN). */
  WEB_DIST_DIR: z.string().optional(),
  /** Storage origins the web app may upload to and download from (comma-separated), for its Content-Security-Policy. */
  WEB_STORAGE_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  /** `stripe`: the web app's CSP admits Stripe.js and the gateway takes Stripe's webhook at POST /api/v1/billing/webhook (as billing's BILLING_PROVIDER). */
  BILLING_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  /** Stripe's publishable key (`pk_live_…`/`pk_test_…`) for Stripe Elements, answered by GET /billing/config; required with BILLING_PROVIDER=stripe. */
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(live|test)_\w+$/, 'must be a Stripe publishable key (pk_live_… or pk_test_…)').optional(),
}).superRefine((config, ctx) => {
  if (config.BILLING_PROVIDER === 'stripe' && !config.STRIPE_PUBLISHABLE_KEY) {
    ctx.addIssue({ code: 'custom', path: ['STRIPE_PUBLISHABLE_KEY'], message: 'required when BILLING_PROVIDER=stripe' });
  }
});
export type GatewayConfig = z.infer<typeof ZGatewayConfig>;

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(ZGatewayConfig, env);
}
