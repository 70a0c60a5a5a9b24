import { SUBSCRIPTION_CHANGED } from '@ferry/contracts';
import { emitCanceled, notifyEndingTrials } from './billing-mail-events';
import type { BillingDeps } from './billing.ports';
import { chargePeriod } from './settle-payment';
import { changedEventOf, priceOf } from './subscription-rules';

/**
 * The clock's work, run on a timer: each trialing or active subscription whose period has ended is
 * cancelled (when asked), or charged for the next period on its (next) plan — paid -> active,
 * declined -> past_due. One subscription per transaction; returns how many were settled. Trials
 * ending within 2 days are announced first (once each).
 */
export async function settleDueSubscriptions(deps: BillingDeps, batch = 100): Promise<number> {
  const now = deps.clock();
  await notifyEndingTrials(deps, now, batch);
  const due = await deps.store.listDueSubscriptions(now, batch);
  let settled = 0;
  for (const candidate of due) {
    await deps.store.transaction(async (tx) => {
      const subscription = await tx.findSubscription(candidate.adminId, { forUpdate: true });
      if (!subscription || subscription.lifetime || subscription.currentPeriodEnd > now || (subscription.status !== 'trialing' && subscription.status !== 'active')) return;
      if (subscription.cancelAtPeriodEnd) {
        const next = { ...subscription, status: 'canceled' as const };
        await tx.saveSubscription(next, now);
        await tx.emit(SUBSCRIPTION_CHANGED, changedEventOf(next, now));
        await emitCanceled(tx, next, now);
      } else {
        const planCode = subscription.nextPlanCode ?? subscription.planCode;
        const card = (await tx.findCustomer(subscription.adminId))?.card ?? null;
        await chargePeriod(deps, tx, subscription, { start: subscription.currentPeriodEnd, planCode, amount: priceOf(planCode), cardToken: card?.token ?? null, now });
      }
      settled += 1;
    });
  }
  return settled;
}
