import { AppError, type BILLING_RPC, type TSubscription } from '@ferry/contracts';
import { billingAdminOf } from './billing-caller';
import type { BillingDeps, RpcRequest } from './billing.ports';
import { cardDeclined } from './checkout';
import { chargePeriod } from './settle-payment';
import { priceOf, toSubscriptionView } from './subscription-rules';

/** Replaces the card on file; a past-due subscription is charged with it at once and is active again. */
export async function updateCard(deps: BillingDeps, request: RpcRequest<typeof BILLING_RPC.updateCard>): Promise<TSubscription> {
  const { adminId, email } = billingAdminOf(request.caller);
  const now = deps.clock();
  if (!request.body.card) throw new AppError('CARD_INVALID', { message: 'Enter your card details.' });
  const card = await deps.provider.attachCard(request.body.card, now);
  return deps.store.transaction(async (tx) => {
    await tx.saveCustomer({ adminId, email, card }, now);
    let subscription = await tx.findSubscription(adminId, { forUpdate: true });
    if (subscription && (subscription.status === 'past_due' || subscription.status === 'unpaid')) {
      const planCode = subscription.nextPlanCode ?? subscription.planCode;
      subscription = await chargePeriod(deps, tx, subscription, { start: now, planCode, amount: priceOf(planCode), cardToken: card.token, now });
      if (subscription.status !== 'active') throw cardDeclined();
    }
    return toSubscriptionView(subscription, { adminId, email, card }, now, deps.provider.name);
  });
}
