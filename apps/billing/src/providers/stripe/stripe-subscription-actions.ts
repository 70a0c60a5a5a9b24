import { AppError, type BILLING_PROVIDER_RPC, type BILLING_RPC, type TPortalSession, type TSubscription } from '@ferry/contracts';
import { billingAdminOf, noSubscriptionError } from '../../domain/billing-caller';
import type { BillingDeps, RpcRequest } from '../../domain/billing.ports';
import { toSubscriptionView } from '../../domain/subscription-rules';
import { attachStripeCard, ensureStripeCustomer, findLiveStripeSubscription, recordStripeSubscription, releaseSchedule, SUBSCRIPTION_EXPAND, type StripeBilling } from './stripe-billing';

async function setCancelAtPeriodEnd(deps: BillingDeps, sb: StripeBilling, request: RpcRequest<typeof BILLING_RPC.cancel>, cancelAtPeriodEnd: boolean): Promise<TSubscription> {
  const { adminId } = billingAdminOf(request.caller);
  const live = await findLiveStripeSubscription(sb, adminId);
  if (!live) throw noSubscriptionError();
  // A pending downgrade's schedule refuses cancellation changes; cancelling drops the downgrade, as with the local provider.
  await releaseSchedule(sb, live);
  const updated = await sb.stripe.subscriptions.update(live.id, { cancel_at_period_end: cancelAtPeriodEnd, expand: SUBSCRIPTION_EXPAND });
  const record = await recordStripeSubscription(deps, sb, updated, adminId);
  return toSubscriptionView(record, await deps.store.findCustomer(adminId), deps.clock(), 'stripe');
}

/** Cancels at the period's (or the trial's) end on Stripe; Stripe ends it and the webhook says so. */
export const stripeCancel = (deps: BillingDeps, sb: StripeBilling, request: RpcRequest<typeof BILLING_RPC.cancel>) => setCancelAtPeriodEnd(deps, sb, request, true);

export const stripeResume = (deps: BillingDeps, sb: StripeBilling, request: RpcRequest<typeof BILLING_RPC.resume>) => setCancelAtPeriodEnd(deps, sb, request, false);

/**
 * Replaces the card with one from Stripe Elements (customer and subscription default). A past-due
 * invoice is retried by Stripe's own schedule with the new default card; invoice.paid brings `active`.
 */
export async function stripeUpdateCard(deps: BillingDeps, sb: StripeBilling, request: RpcRequest<typeof BILLING_RPC.updateCard>): Promise<TSubscription> {
  const admin = billingAdminOf(request.caller);
  const { paymentMethodId } = request.body;
  if (!paymentMethodId) throw new AppError('CARD_INVALID', { message: "Enter your card in Stripe's form." });
  const now = deps.clock();
  const customerId = await ensureStripeCustomer(sb, admin, now);
  const card = await attachStripeCard(sb, customerId, paymentMethodId);
  const known = await deps.store.findCustomer(admin.adminId);
  await deps.store.saveCustomer({ adminId: admin.adminId, email: known?.email ?? admin.email, card }, now);
  const live = await findLiveStripeSubscription(sb, admin.adminId);
  const record = live
    ? await recordStripeSubscription(deps, sb, await sb.stripe.subscriptions.update(live.id, { default_payment_method: card.token, expand: SUBSCRIPTION_EXPAND }), admin.adminId)
    : await deps.store.findSubscription(admin.adminId);
  return toSubscriptionView(record, await deps.store.findCustomer(admin.adminId), now, 'stripe');
}

/** A Customer Portal session for the admin's Stripe customer. */
export async function stripePortal(deps: BillingDeps, sb: StripeBilling, request: RpcRequest<typeof BILLING_PROVIDER_RPC.portal>): Promise<TPortalSession> {
  const { adminId } = billingAdminOf(request.caller);
  const customerId = await sb.links.findCustomerId(adminId);
  if (!customerId) throw noSubscriptionError();
  const session = await sb.stripe.billingPortal.sessions.create({ customer: customerId, return_url: sb.settings.portalReturnUrl });
  return { url: session.url };
}
