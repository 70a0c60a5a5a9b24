import { PACKAGES, PLAN_CODES, TRIAL_DAYS } from '@ferry/plans';
import type { TPaidPlanCode, TSubscription, TSubscriptionChanged } from '@ferry/contracts';
import type { CustomerRecord, SubscriptionRecord } from './billing.ports';
import { discountedAmount, toDiscountView } from './coupon-rules';

const DAY_MS = 86_400_000;
export const CURRENCY = 'usd';

/** The plan's price per period in cents (PRODUCT.md section 9: the package table's prices are US dollars). */
export function priceOf(planCode: TPaidPlanCode): number {
  const { role, period } = PLAN_CODES[planCode];
  const price = period ? PACKAGES[role].prices[period] : 0;
  return Math.round((price ?? 0) * 100);
}

export function roleOf(planCode: TPaidPlanCode): string {
  return PLAN_CODES[planCode].role;
}

/** The end of a period that starts at `start`: a calendar month or year later (UTC). */
export function periodEndFrom(start: Date, planCode: TPaidPlanCode): Date {
  const end = new Date(start.getTime());
  if (PLAN_CODES[planCode].period === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

export function trialEndFrom(now: Date): Date {
  return new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
}

/** A move to a dearer plan per period, normalised to a month: upgrades apply at once, the rest at the period end. */
export function isUpgrade(from: TPaidPlanCode, to: TPaidPlanCode): boolean {
  const monthly = (code: TPaidPlanCode) => priceOf(code) / (PLAN_CODES[code].period === 'yearly' ? 12 : 1);
  return monthly(to) > monthly(from) || (monthly(to) === monthly(from) && PLAN_CODES[to].period === 'yearly' && PLAN_CODES[from].period !== 'yearly');
}

/** The part of the new plan's price not yet paid for the rest of the period (cents, never negative). */
export function prorationOf(subscription: SubscriptionRecord, to: TPaidPlanCode, now: Date): number {
  const total = subscription.currentPeriodEnd.getTime() - subscription.currentPeriodStart.getTime();
  const left = Math.max(0, subscription.currentPeriodEnd.getTime() - now.getTime());
  return Math.max(0, Math.round(((priceOf(to) - priceOf(subscription.planCode)) * left) / Math.max(total, 1)));
}

/** A minute's grace: Stripe's clock and ours differ by a second or so, and a 7-day trial must not read 8. */
const CLOCK_SKEW_MS = 60_000;

export function trialDaysLeft(subscription: SubscriptionRecord, now: Date): number | null {
  if (subscription.status !== 'trialing' || !subscription.trialEnd) return null;
  return Math.max(0, Math.ceil((subscription.trialEnd.getTime() - now.getTime() - CLOCK_SKEW_MS) / DAY_MS));
}

/** The billing tab's view of a subscription (no subscription: the Free plan). */
export function toSubscriptionView(subscription: SubscriptionRecord | null, customer: CustomerRecord | null, now: Date, provider: 'local' | 'stripe'): TSubscription {
  const card = customer?.card ? { brand: customer.card.brand, last4: customer.card.last4, expMonth: customer.card.expMonth, expYear: customer.card.expYear } : null;
  if (!subscription) {
    return { provider, planCode: 'Free', status: 'none', trialEnd: null, trialDaysLeft: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, nextPlanCode: null, nextCharge: null, card, seats: 1, isSumo: false };
  }
  const renews = !subscription.lifetime && !subscription.cancelAtPeriodEnd && (subscription.status === 'trialing' || subscription.status === 'active');
  const nextPlan = subscription.nextPlanCode ?? subscription.planCode;
  return {
    provider,
    planCode: subscription.planCode,
    status: subscription.status,
    trialEnd: subscription.trialEnd?.getTime() ?? null,
    trialDaysLeft: trialDaysLeft(subscription, now),
    currentPeriodEnd: subscription.currentPeriodEnd.getTime(),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    nextPlanCode: subscription.nextPlanCode,
    nextCharge: renews ? { amount: discountedAmount(subscription.discount, priceOf(nextPlan)), currency: CURRENCY, at: subscription.currentPeriodEnd.getTime() } : null,
    card,
    seats: PACKAGES[PLAN_CODES[subscription.planCode].role].teamLimit ?? 1,
    isSumo: subscription.lifetime ?? false,
    discount: subscription.discount ? toDiscountView(subscription.discount.coupon) : null,
  };
}

/** The entitlement event for a subscription as it stands now. */
export function changedEventOf(subscription: SubscriptionRecord, now: Date): Omit<TSubscriptionChanged, 'eventId'> {
  return {
    adminId: subscription.adminId,
    planCode: subscription.planCode,
    role: roleOf(subscription.planCode),
    status: subscription.status,
    userStatus: subscription.status,
    trialEnd: subscription.trialEnd?.getTime() ?? null,
    currentPeriodEnd: subscription.currentPeriodEnd.getTime(),
    changedAt: now.getTime(),
  };
}
