import { SUBSCRIPTION_CHANGED, type TPaidPlanCode } from '@ferry/contracts';
import { randomUUID } from 'node:crypto';
import type { BillingTx, SubscriptionRecord, SubscriptionState } from '../../domain/billing.ports';
import { changedEventOf } from '../../domain/subscription-rules';
import type { StoredCard } from '../payment-provider';
import type { StripeSubscription } from './stripe-client';

/** What Ferry keeps of a Stripe subscription: billing's fields, the email and the default card (null until one is confirmed). */
export type StripeSubscriptionState = Pick<SubscriptionRecord, 'adminId' | 'planCode' | 'status' | 'trialEnd' | 'currentPeriodStart' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'nextPlanCode'> & {
  email: string;
  card: StoredCard | null;
};

const fromSeconds = (s: number) => new Date(s * 1000);

/**
 * Stripe's status in billing's terms. A trial without a confirmed card is not a trial yet (the card
 * is required): `unpaid` until Stripe Elements confirms the SetupIntent. `incomplete` and `paused`
 * give no paid limits (`unpaid`); `incomplete_expired` ended (`canceled`).
 */
export function stateOfStatus(status: StripeSubscription['status'], hasCard: boolean): SubscriptionState {
  if (status === 'trialing') return hasCard ? 'trialing' : 'unpaid';
  if (status === 'active') return 'active';
  if (status === 'past_due') return 'past_due';
  if (status === 'canceled') return 'canceled';
  if (status === 'incomplete_expired') return 'canceled';
  return 'unpaid';
}

type PaymentMethodField = StripeSubscription['default_payment_method'];

/** A card from an expanded payment method (null: not expanded, or not a card). */
export function cardOf(pm: PaymentMethodField): StoredCard | null {
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  return { brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year, token: pm.id };
}

/** Whether Stripe holds a confirmed card for the subscription: its own default, or the trial's SetupIntent succeeded. */
export function hasConfirmedCard(subscription: StripeSubscription): boolean {
  const setup = subscription.pending_setup_intent;
  return subscription.default_payment_method !== null || (typeof setup === 'object' && setup?.status === 'succeeded');
}

export const planCodeOf = (prices: Record<TPaidPlanCode, string>, priceId: string | undefined): TPaidPlanCode | undefined =>
  (Object.keys(prices) as TPaidPlanCode[]).find((code) => prices[code] === priceId);

/**
 * The plan a pending downgrade moves to at the period's end: the price of the subscription
 * schedule's phase that starts once the current period is over (null: no schedule, or not expanded).
 */
export function scheduledPlanCodeOf(subscription: StripeSubscription, prices: Record<TPaidPlanCode, string>, periodEnd: number): TPaidPlanCode | null {
  const schedule = subscription.schedule;
  if (!schedule || typeof schedule === 'string' || (schedule.status !== 'active' && schedule.status !== 'not_started')) return null;
  const price = schedule.phases.find((phase) => phase.start_date >= periodEnd)?.items[0]?.price;
  const priceId = typeof price === 'string' ? price : price?.id;
  return planCodeOf(prices, priceId) ?? null;
}

/** Maps a Stripe subscription (its `default_payment_method` expanded) by its price to the package code. */
export function stripeStateOf(
  subscription: StripeSubscription,
  adminId: string,
  prices: Record<TPaidPlanCode, string>,
  customerDefault: { card: StoredCard | null } | null = null,
): StripeSubscriptionState {
  const item = subscription.items.data[0];
  const priceId = item?.price.id;
  const planCode = planCodeOf(prices, priceId);
  if (!item || !planCode) throw new Error(`Stripe subscription ${subscription.id} has price ${priceId ?? 'none'}, which is none of STRIPE_PRICE_*`);
  const card = cardOf(subscription.default_payment_method) ?? customerDefault?.card ?? null;
  return {
    adminId,
    email: subscription.metadata['email'] ?? '',
    planCode,
    status: stateOfStatus(subscription.status, hasConfirmedCard(subscription) || customerDefault?.card != null),
    trialEnd: subscription.trial_end ? fromSeconds(subscription.trial_end) : null,
    currentPeriodStart: fromSeconds(item.current_period_start),
    currentPeriodEnd: fromSeconds(item.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    nextPlanCode: scheduledPlanCodeOf(subscription, prices, item.current_period_end),
    card,
  };
}

/**
 * Writes Stripe's state of the admin's subscription into billing's tables and, when the plan, the
 * status or the periods changed, emits `evt.subscription.changed` as the local provider does. A
 * lifetime deal replaced the Stripe subscription (cancelled on redemption): Stripe's news about it
 * leave the deal as it is.
 */
export async function applyStripeState(tx: BillingTx, state: StripeSubscriptionState, now: Date): Promise<SubscriptionRecord> {
  const current = await tx.findSubscription(state.adminId, { forUpdate: true });
  if (current?.lifetime) return current;
  const customer = await tx.findCustomer(state.adminId);
  const card = state.card ?? customer?.card ?? null;
  await tx.saveCustomer({ adminId: state.adminId, email: customer?.email ?? state.email, card }, now);
  const next: SubscriptionRecord = {
    ...current,
    id: current?.id ?? randomUUID(),
    adminId: state.adminId,
    planCode: state.planCode,
    status: state.status,
    trialEnd: state.trialEnd,
    currentPeriodStart: state.currentPeriodStart,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    nextPlanCode: state.nextPlanCode,
  };
  const changed =
    !current ||
    current.planCode !== next.planCode ||
    current.status !== next.status ||
    current.trialEnd?.getTime() !== next.trialEnd?.getTime() ||
    current.currentPeriodEnd.getTime() !== next.currentPeriodEnd.getTime();
  if (!changed && current.cancelAtPeriodEnd === next.cancelAtPeriodEnd && current.nextPlanCode === next.nextPlanCode) return current;
  await tx.saveSubscription(next, now);
  if (changed) await tx.emit(SUBSCRIPTION_CHANGED, changedEventOf(next, now));
  return next;
}
