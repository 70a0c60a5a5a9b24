import { SUBSCRIPTION_CHANGED, type TPaidPlanCode } from '@ferry/contracts';
import type { BillingDeps, BillingTx, SubscriptionRecord } from './billing.ports';
import { emitChargeOutcome } from './billing-mail-events';
import { applyDiscount } from './coupon-rules';
import { changedEventOf, CURRENCY, periodEndFrom } from './subscription-rules';

/**
 * Charges the plan for a new period starting at `start` and records the invoice: paid -> active
 * for the period; declined -> past_due (the invoice stays open). The subscription's coupon
 * discounts `amount` (and counts as used once paid). Emits the entitlement change and the
 * receipt or payment-failed mail's event.
 */
export async function chargePeriod(
  deps: BillingDeps,
  tx: BillingTx,
  subscription: SubscriptionRecord,
  options: { start: Date; planCode: TPaidPlanCode; amount: number; cardToken: string | null; now: Date },
): Promise<SubscriptionRecord> {
  const { start, planCode, now } = options;
  const end = periodEndFrom(start, planCode);
  const { amount, discountAfter } = applyDiscount(subscription, options.amount);
  const charge = options.cardToken ? await deps.provider.charge(options.cardToken, amount, CURRENCY) : { ok: false as const, message: 'No card on file.' };
  const invoice = await tx.insertInvoice({ adminId: subscription.adminId, planCode, amount, currency: CURRENCY, status: charge.ok ? 'paid' : 'open', periodStart: start, periodEnd: end, createdAt: now });
  const next: SubscriptionRecord = charge.ok
    ? { ...subscription, planCode, status: 'active', trialEnd: subscription.trialEnd, currentPeriodStart: start, currentPeriodEnd: end, nextPlanCode: null, discount: discountAfter }
    : { ...subscription, planCode, status: 'past_due', nextPlanCode: null };
  await tx.saveSubscription(next, now);
  await tx.emit(SUBSCRIPTION_CHANGED, changedEventOf(next, now));
  await emitChargeOutcome(tx, next, invoice);
  return next;
}
