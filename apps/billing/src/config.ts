import { envLogLevel, envMigrations, envNats, envPort, envUrl, loadConfig } from '@ferry/service-kit';
import { envTestClock } from '@ferry/db';
import { z } from 'zod';
import { envStripe, stripeSettingsMissing } from './providers/stripe/stripe-config';

/** The billing service's environment; a bad value fails at boot with its name. */
const ZBillingEnv = z.object({
  DATABASE_URL: envUrl(['postgres', 'postgresql']),
  ...envNats(),
  ...envMigrations(),
  LOG_LEVEL: envLogLevel(),
  /** /healthz, /readyz and /metrics; 0 picks a free port. */
  HEALTH_PORT: envPort(8085),
  /** `local`: Ferry's own card form and state machine (no card network); `stripe`: Stripe Billing runs the subscriptions (the STRIPE_* rows). */
  BILLING_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  ...envStripe(),
  /** How often trials that end, renewals and period ends are settled. */
  BILLING_TICK_MS: z.coerce.number().int().min(200).max(3_600_000).default(60_000),
  ...envTestClock(),
});

export const ZBillingConfig = ZBillingEnv.superRefine((config, ctx) => {
  if (config.BILLING_PROVIDER !== 'stripe') return;
  for (const name of stripeSettingsMissing(config)) ctx.addIssue({ code: 'custom', path: [name], message: 'required when BILLING_PROVIDER=stripe' });
});
export type BillingConfig = z.infer<typeof ZBillingConfig>;

export function loadBillingConfig(env: NodeJS.ProcessEnv = process.env): BillingConfig {
  return loadConfig(ZBillingConfig, env);
}
