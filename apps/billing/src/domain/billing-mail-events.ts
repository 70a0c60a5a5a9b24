import { INVOICE_PAID, INVOICE_PAYMENT_FAILED, SUBSCRIPTION_CANCELED, SUBSCRIPTION_TRIAL_ENDING } from '@ferry/contracts';
import type { BillingDeps, BillingTx, InvoiceRecord, SubscriptionRecord } from './billing.ports';
import { applyDiscount } from './coupon-rules';
import { invoiceNumberOf } from './list-invoices';
import { CURRENCY, priceOf } from './subscription-rules';

/** The trial-ending mail goes out this long before the trial ends (PRODUCT.md: 2 days). */
export const TRIAL_ENDING_NOTICE_MS = 2 * 24 * 3600_000;

/** To whom a billing mail goes: the customer's email and language (nothing without a customer). */
async function mailToOf(tx: BillingTx, subscription: SubscriptionRecord) {
  const customer = await tx.findCustomer(subscription.adminId);
  if (!customer) return null;
  return { adminId: subscription.adminId, email: customer.email, lang: customer.lang ?? ('en' as const), planCode: subscription.planCode };
}

/** The receipt (paid) or the fix-your-card mail (failed) of one charge, in the charge's transaction. */
export async function emitChargeOutcome(tx: BillingTx, subscription: SubscriptionRecord, invoice: InvoiceRecord): Promise<void> {
  const to = await mailToOf(tx, subscription);
  if (!to) return;
  const facts = { invoiceNumber: invoiceNumberOf(invoice.number), amount: invoice.amount, currency: invoice.currency, periodStart: invoice.periodStart.getTime(), periodEnd: invoice.periodEnd.getTime() };
  await tx.emit(invoice.status === 'paid' ? INVOICE_PAID : INVOICE_PAYMENT_FAILED, { ...to, planCode: invoice.planCode, ...facts });
}

/** A subscription cancelled at the end of its period has ended. */
export async function emitCanceled(tx: BillingTx, subscription: SubscriptionRecord, endedAt: Date): Promise<void> {
  const to = await mailToOf(tx, subscription);
  if (to) await tx.emit(SUBSCRIPTION_CANCELED, { ...to, endedAt: endedAt.getTime() });
}

/**
 * Emits `evt.subscription.trial-ending` for a trialing subscription once (recorded in sent_notices
 * in the same transaction); a trial cancelled meanwhile, or without a customer, gets none.
 */
export async function announceTrialEnding(tx: BillingTx, subscription: SubscriptionRecord | null, now: Date): Promise<boolean> {
  if (!subscription || subscription.lifetime || subscription.status !== 'trialing' || subscription.cancelAtPeriodEnd || !subscription.trialEnd) return false;
  const to = await mailToOf(tx, subscription);
  if (!to || !(await tx.claimNotice(subscription.id, 'trial-ending', now))) return false;
  const planCode = subscription.nextPlanCode ?? subscription.planCode;
  const { amount } = applyDiscount(subscription, priceOf(planCode));
  await tx.emit(SUBSCRIPTION_TRIAL_ENDING, { ...to, planCode, trialEnd: subscription.trialEnd.getTime(), amount, currency: CURRENCY });
  return true;
}

/** Whether a trial ends within TRIAL_ENDING_NOTICE_MS of `now` (and has not ended). */
export function trialEndsSoon(subscription: SubscriptionRecord, now: Date): boolean {
  const left = (subscription.trialEnd?.getTime() ?? 0) - now.getTime();
  return left > 0 && left <= TRIAL_ENDING_NOTICE_MS;
}

/**
 * Each trial that ends within TRIAL_ENDING_NOTICE_MS gets `evt.subscription.trial-ending` once
 * (recorded in sent_notices in the same transaction); a trial cancelled meanwhile gets none.
 */
export async function notifyEndingTrials(deps: BillingDeps, now: Date, batch = 100): Promise<number> {
  const ending = await deps.store.listTrialsEnding(now, new Date(now.getTime() + TRIAL_ENDING_NOTICE_MS), batch);
  let sent = 0;
  for (const candidate of ending) {
    await deps.store.transaction(async (tx) => {
      const subscription = await tx.findSubscription(candidate.adminId, { forUpdate: true });
      if (subscription?.id !== candidate.id) return;
      if (await announceTrialEnding(tx, subscription, now)) sent += 1;
    });
  }
  return sent;
}
