import { randomUUID } from 'node:crypto';
import { AppError, SUBSCRIPTION_CHANGED, type BILLING_RPC, type TCheckoutResult } from '@ferry/contracts';
import { billingAdminOf } from './billing-caller';
import { emitChargeOutcome } from './billing-mail-events';
import type { BillingDeps, BillingTx, RpcRequest, SubscriptionRecord } from './billing.ports';
import { redeemPromotionCode } from './redeem-promotion-code';
import { chargePeriod } from './settle-payment';
import { changedEventOf, CURRENCY, isUpgrade, priceOf, prorationOf, toSubscriptionView, trialEndFrom } from './subscription-rules';

export function cardDeclined(message = 'Your card was declined.'): AppError {
  return new AppError('CARD_DECLINED', { message });
}

/** Charges at once for a new period; a declined card undoes everything (the transaction rolls back). */
async function chargeNow(deps: BillingDeps, tx: BillingTx, current: SubscriptionRecord, planCode: SubscriptionRecord['planCode'], cardToken: string, now: Date) {
  const next = await chargePeriod(deps, tx, { ...current, cancelAtPeriodEnd: false, trialEnd: null }, { start: now, planCode, amount: priceOf(planCode), cardToken, now });
  if (next.status !== 'active') throw cardDeclined();
  return next;
}

/**
 * Starts a subscription or changes its plan (PRODUCT.md sections 4 and 9): the first one starts a
 * 7-day trial with the card required; a returning or past-due customer is charged at once;
 * an upgrade applies at once (prorated when not trialing), a downgrade at the end of the period.
 * A promotion code puts its coupon on the subscription: the charges it covers are discounted.
 */
export async function checkout(deps: BillingDeps, request: RpcRequest<typeof BILLING_RPC.checkout>): Promise<TCheckoutResult> {
  const { adminId, email } = billingAdminOf(request.caller);
  const { planCode, card } = request.body;
  const now = deps.clock();
  const attached = card ? await deps.provider.attachCard(card, now) : null;
  return deps.store.transaction(async (tx) => {
    const customer = await tx.findCustomer(adminId);
    const cardOnFile = attached ?? customer?.card ?? null;
    if (!cardOnFile) throw new AppError('CARD_INVALID', { message: 'Add a card to start your 7-day trial.' });
    await tx.saveCustomer({ adminId, email, card: cardOnFile, ...(request.body.lang && { lang: request.body.lang }) }, now);
    const { current, discount } = await redeemPromotionCode(tx, await tx.findSubscription(adminId, { forUpdate: true }), { planCode, code: request.body.promotionCode, now });
    let next: SubscriptionRecord;
    if (!current) {
      const trialEnd = trialEndFrom(now);
      next = { id: randomUUID(), adminId, planCode, status: 'trialing', trialEnd, currentPeriodStart: now, currentPeriodEnd: trialEnd, cancelAtPeriodEnd: false, nextPlanCode: null, discount };
      await tx.saveSubscription(next, now);
      await tx.emit(SUBSCRIPTION_CHANGED, changedEventOf(next, now));
    } else if (current.status === 'canceled' || current.status === 'past_due' || current.status === 'unpaid') {
      next = await chargeNow(deps, tx, current, planCode, cardOnFile.token, now);
    } else if (planCode === current.planCode) {
      next = { ...current, nextPlanCode: null, cancelAtPeriodEnd: false };
      await tx.saveSubscription(next, now);
    } else if (isUpgrade(current.planCode, planCode)) {
      const amount = current.status === 'trialing' ? 0 : prorationOf(current, planCode, now);
      if (amount > 0) {
        const charge = await deps.provider.charge(cardOnFile.token, amount, CURRENCY);
        if (!charge.ok) throw cardDeclined(charge.message);
        const invoice = await tx.insertInvoice({ adminId, planCode, amount, currency: CURRENCY, status: 'paid', periodStart: now, periodEnd: current.currentPeriodEnd, createdAt: now });
        await emitChargeOutcome(tx, current, invoice);
      }
      next = { ...current, planCode, nextPlanCode: null, cancelAtPeriodEnd: false };
      await tx.saveSubscription(next, now);
      await tx.emit(SUBSCRIPTION_CHANGED, changedEventOf(next, now));
    } else {
      next = { ...current, nextPlanCode: planCode, cancelAtPeriodEnd: false };
      await tx.saveSubscription(next, now);
    }
    return { subscription: toSubscriptionView(next, { adminId, email, card: cardOnFile }, now, deps.provider.name), clientSecret: null, type: null };
  });
}
