import type { TPaidPlanCode, TSubscription } from '@ferry/contracts';
import { PACKAGES, PLAN_CODES, type TPlanCode } from '@ferry/plans';

export type TPlanMove = 'current' | 'upgrade' | 'downgrade' | 'trial' | 'none';

/** The plan whose limits the subscription gives now (Free without a live one). */
export function currentPlanCode(subscription: TSubscription | undefined): TPlanCode {
  if (!subscription) return 'Free';
  if (subscription.isSumo) return 'PRY';
  return subscription.status === 'trialing' || subscription.status === 'active' ? subscription.planCode : 'Free';
}

/** A plan's price spread over a month (USD). */
function monthlyPrice(code: TPlanCode): number {
  const info = PLAN_CODES[code];
  const prices = PACKAGES[info.role].prices;
  return info.period === 'yearly' ? (prices.yearly ?? 0) / 12 : (prices.monthly ?? 0);
}

/** Billing's rule: a dearer plan per month (or the same price paid yearly) is an upgrade, applied at once. */
function isUpgrade(from: TPlanCode, to: TPlanCode): boolean {
  const [a, b] = [monthlyPrice(from), monthlyPrice(to)];
  return b > a || (b === a && PLAN_CODES[to].period === 'yearly' && PLAN_CODES[from].period !== 'yearly');
}

/**
 * What the plan tab's button does for a plan: nothing for Free or the current plan; a trial when
 * there is no live subscription; else upgrade (dearer per month; at once) or downgrade (at the end of the period).
 */
export function planMove(code: TPlanCode, subscription: TSubscription | undefined): TPlanMove {
  const current = currentPlanCode(subscription);
  if (code === current) return 'current';
  if (code === 'Free' || subscription?.isSumo) return 'none';
  if (current === 'Free') return 'trial';
  return isUpgrade(current, code) ? 'upgrade' : 'downgrade';
}

/** Checkout needs the card form when no card is on file or the subscription is not live. */
export function needsCard(subscription: TSubscription | undefined): boolean {
  return !subscription?.card || currentPlanCode(subscription) === 'Free';
}

export function isPaid(code: TPlanCode): code is TPaidPlanCode {
  return code !== 'Free';
}
