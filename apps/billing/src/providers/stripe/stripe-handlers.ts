import { serve, type RpcHandler } from '@ferry/bus';
import { AppError, BILLING_PROVIDER_RPC, BILLING_RPC } from '@ferry/contracts';
import type { Knex } from '@ferry/db';
import type { BillingDeps } from '../../domain/billing.ports';
import type { PaymentProvider } from '../payment-provider';
import { createStripeLinks } from '../../store/stripe.store';
import { endStripeSubscription, type StripeBilling } from './stripe-billing';
import { stripeCheckout } from './stripe-checkout';
import { createStripeClient } from './stripe-client';
import { stripeSettingsOf, type StripeEnv } from './stripe-config';
import { stripeCancel, stripePortal, stripeResume, stripeUpdateCard } from './stripe-subscription-actions';
import { stripeCheckCoupon, stripeCreateCoupon } from './stripe-promotions';
import { handleStripeWebhook } from './stripe-webhook';

/** With Stripe no card passes through Ferry and Stripe charges: the card-level port refuses; a lifetime deal ends the Stripe subscription. */
export function stripeCardProvider(sb: StripeBilling): PaymentProvider {
  return {
    name: 'stripe',
    endSubscription: (adminId) => endStripeSubscription(sb, adminId),
    attachCard: async () => {
      throw new AppError('CARD_INVALID', { message: "Enter your card in Stripe's form." });
    },
    charge: async () => ({ ok: false, message: 'Stripe charges the card on file.' }),
  };
}

export function createStripeBilling(db: Knex, env: Partial<StripeEnv>, onEmit: () => void): StripeBilling {
  const settings = stripeSettingsOf(env);
  return { stripe: createStripeClient(settings), links: createStripeLinks(db, onEmit), settings };
}

/**
 * The provider-level strategy: with the local provider billing runs the state machine itself
 * (billingHandlers) and has no portal or webhook; with Stripe, checkout, card, cancel, resume and
 * the coupons call Stripe instead, and Stripe's webhooks bring its state back. Other endpoints stay as they are.
 */
export function withProviderHandlers(deps: BillingDeps, handlers: RpcHandler[], sb: StripeBilling | null): RpcHandler[] {
  if (!sb) {
    const unavailable = async (): Promise<never> => {
      throw new AppError('BILLING_PORTAL_UNAVAILABLE', { message: 'Billing is handled in Ferry itself; there is no payment portal.' });
    };
    return [...handlers, serve(deps, BILLING_PROVIDER_RPC.portal, unavailable)];
  }
  const stripeOwn: RpcHandler[] = [
    serve(deps, BILLING_RPC.checkout, (d, request) => stripeCheckout(d, sb, request)),
    serve(deps, BILLING_RPC.updateCard, (d, request) => stripeUpdateCard(d, sb, request)),
    serve(deps, BILLING_RPC.cancel, (d, request) => stripeCancel(d, sb, request)),
    serve(deps, BILLING_RPC.resume, (d, request) => stripeResume(d, sb, request)),
    serve(deps, BILLING_PROVIDER_RPC.portal, (d, request) => stripePortal(d, sb, request)),
    serve(deps, BILLING_PROVIDER_RPC.stripeWebhook, (d, request) => handleStripeWebhook(d, sb, request)),
    serve(deps, BILLING_RPC.checkCoupon, (d, request) => stripeCheckCoupon(d, sb, request)),
    serve(deps, BILLING_RPC.createCoupon, (d, request) => stripeCreateCoupon(d, sb, request)),
  ];
  const replaced = new Set(stripeOwn.map((handler) => handler.rpc.subject));
  return [...handlers.filter((handler) => !replaced.has(handler.rpc.subject)), ...stripeOwn];
}
