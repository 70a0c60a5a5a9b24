import { z } from 'zod';
import { ZPortalSession } from '../billing/billing-provider.rpc';
import { defineHttpRoute } from './define-http-route';

/** What the card step needs before it draws a form: whose form, and Stripe's publishable key (null with the local provider). */
export const ZBillingConfig = z.object({ provider: z.enum(['local', 'stripe']), publishableKey: z.string().nullable() });

/**
 * The Stripe provider's page routes. Its webhook, `POST /api/v1/billing/webhook`, is no contract
 * route: the gateway hands the raw bytes and `Stripe-Signature` to billing (STRIPE_WEBHOOK_PATH).
 */
export const BILLING_PROVIDER_ROUTES = {
  config: defineHttpRoute({
    method: 'get', path: '/billing/config', tag: 'billing', auth: 'none',
    summary: "The payment provider of the card form and Stripe's publishable key (null with the local provider); from the gateway's settings",
    status: 200, response: ZBillingConfig,
  }),
  portal: defineHttpRoute({
    method: 'post', path: '/billing/portal', tag: 'billing', auth: 'user',
    summary: "A Stripe Customer Portal session for the admin (cards, invoices); 409 BILLING_PORTAL_UNAVAILABLE with the local provider",
    body: z.strictObject({}), status: 200, response: ZPortalSession, errors: [401, 403, 404, 409],
  }),
};

/** Where Stripe posts its events (under /api/v1); the body is read raw, never parsed as JSON first. */
export const STRIPE_WEBHOOK_PATH = '/billing/webhook';
