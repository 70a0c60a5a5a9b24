import { AppError, type TPaidPlanCode } from '@ferry/contracts';
import type { BillingDeps, SubscriptionRecord } from '../../domain/billing.ports';
import type { StripeLinks } from '../../store/stripe.store';
import type { StoredCard } from '../payment-provider';
import type { StripeClient, StripeSubscription } from './stripe-client';
import type { StripeSettings } from './stripe-config';
import { withCardErrors } from './stripe-errors';
import { applyStripeState, cardOf, hasConfirmedCard, stripeStateOf, type StripeSubscriptionState } from './stripe-subscription';

/** What the Stripe use cases share: the SDK, the links to Stripe's ids, the settings. */
export interface StripeBilling {
  stripe: StripeClient;
  links: StripeLinks;
  settings: StripeSettings;
}

/** Expanded on every subscription Ferry reads or writes: the card shown, the secrets the page confirms, a pending downgrade's schedule. */
export const SUBSCRIPTION_EXPAND = ['default_payment_method', 'pending_setup_intent', 'latest_invoice.confirmation_secret', 'schedule'];

export async function ensureStripeCustomer(sb: StripeBilling, admin: { adminId: string; email: string }, now: Date): Promise<string> {
  const known = await sb.links.findCustomerId(admin.adminId);
  if (known) return known;
  const customer = await sb.stripe.customers.create({ email: admin.email, metadata: { adminId: admin.adminId } }, { idempotencyKey: `ferry-customer-${admin.adminId}` });
  await sb.links.saveCustomerId(admin.adminId, customer.id, now);
  return (await sb.links.findCustomerId(admin.adminId)) ?? customer.id;
}

/** Attaches a card collected by Stripe Elements and makes it the customer's default. */
export async function attachStripeCard(sb: StripeBilling, customerId: string, paymentMethodId: string): Promise<StoredCard> {
  const pm = await withCardErrors(() => sb.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
  await sb.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } });
  if (!pm.card) throw new AppError('CARD_INVALID', { message: 'Only cards are accepted.' });
  return { brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year, token: pm.id };
}

/** The admin's current Stripe subscription (null: none, or it ended). */
export async function findLiveStripeSubscription(sb: StripeBilling, adminId: string): Promise<StripeSubscription | null> {
  const id = await sb.links.findSubscriptionId(adminId);
  if (!id) return null;
  const subscription = await sb.stripe.subscriptions.retrieve(id, { expand: SUBSCRIPTION_EXPAND });
  return subscription.status === 'canceled' || subscription.status === 'incomplete_expired' ? null : subscription;
}

/**
 * Stripe's state of a subscription in billing's terms. A trial whose subscription has no default card
 * yet falls back to the customer's default card (the SetupIntent confirmed in the page may have set
 * only that), so a confirmed card always counts.
 */
export async function resolveStripeState(sb: StripeBilling, subscription: StripeSubscription, adminId: string): Promise<StripeSubscriptionState> {
  const needsCustomer = subscription.status === 'trialing' && !hasConfirmedCard(subscription);
  if (!needsCustomer) return stripeStateOf(subscription, adminId, sb.settings.prices);
  const customerId = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  const customer = await sb.stripe.customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] });
  const pm = customer.deleted ? null : customer.invoice_settings.default_payment_method;
  return stripeStateOf(subscription, adminId, sb.settings.prices, { card: cardOf(pm) });
}

/** Writes what Stripe answered into billing's tables (the webhook will bring the same state again: no second event). */
export async function recordStripeSubscription(deps: BillingDeps, sb: StripeBilling, subscription: StripeSubscription, adminId: string): Promise<SubscriptionRecord> {
  const state = await resolveStripeState(sb, subscription, adminId);
  const now = deps.clock();
  return deps.store.transaction((tx) => applyStripeState(tx, state, now));
}

/** Drops a pending downgrade: the schedule lets go of the subscription, which runs on as it is. */
export async function releaseSchedule(sb: StripeBilling, subscription: StripeSubscription): Promise<void> {
  const schedule = subscription.schedule;
  if (!schedule) return;
  if (typeof schedule !== 'string' && schedule.status !== 'active' && schedule.status !== 'not_started') return;
  await sb.stripe.subscriptionSchedules.release(typeof schedule === 'string' ? schedule : schedule.id);
}

/** Ends the admin's live Stripe subscription at once, without a final invoice (a lifetime deal replaces it). */
export async function endStripeSubscription(sb: StripeBilling, adminId: string): Promise<void> {
  const live = await findLiveStripeSubscription(sb, adminId);
  if (!live) return;
  await releaseSchedule(sb, live);
  await sb.stripe.subscriptions.cancel(live.id, { invoice_now: false, prorate: false });
}

export function priceIdOf(sb: StripeBilling, planCode: TPaidPlanCode): string {
  return sb.settings.prices[planCode];
}
