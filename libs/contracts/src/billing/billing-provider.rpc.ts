import { z } from 'zod';
import { defineRpc } from '../messaging/define-rpc';
import { ZCaller } from '../transfers/transfers.rpc';

/** `POST /billing/portal`: Stripe's Customer Portal for the admin (cards, invoices, cancel), a short-lived URL. */
export const ZPortalSession = z.object({ url: z.string().url() });
export type TPortalSession = z.infer<typeof ZPortalSession>;

/** A webhook delivery as the gateway received it: the exact body (the signature covers its bytes) and `Stripe-Signature`. */
export const ZStripeWebhookDelivery = z.object({ payload: z.string().max(1_000_000), signature: z.string().max(4_096) });
export type TStripeWebhookDelivery = z.infer<typeof ZStripeWebhookDelivery>;

/** `duplicate`: the event was applied before (Stripe delivers at least once); nothing was done. */
export const ZStripeWebhookReceipt = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** `svc.billing.*` endpoints that only the Stripe provider serves in full. */
export const BILLING_PROVIDER_RPC = {
  portal: defineRpc('svc.billing.portal', z.object({ caller: ZCaller }), ZPortalSession, { timeoutMs: 30_000 }),
  stripeWebhook: defineRpc('svc.billing.stripe-webhook', ZStripeWebhookDelivery, ZStripeWebhookReceipt, { timeoutMs: 30_000 }),
};
