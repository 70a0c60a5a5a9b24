import Stripe from 'stripe';
import type { StripeSettings } from './stripe-config';

export type StripeClient = Stripe;
export type StripeSubscription = Stripe.Subscription;

/** The SDK on api.stripe.com, or on STRIPE_API_URL (the tests' stand-in). */
export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): StripeClient {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'ferry-billing' },
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
}
