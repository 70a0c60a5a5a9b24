import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_CHANGED, type BILLING_RPC, type TSubscription } from '@ferry/contracts';
import { billingAdminOf } from './billing-caller';
import type { BillingDeps, RpcRequest, SubscriptionRecord } from './billing.ports';
import { lifetimeAlreadyRedeemedError, lifetimeCodeInvalidError, lifetimeCodeUsedError } from './coupon.errors';
import { changedEventOf, toSubscriptionView } from './subscription-rules';

/** A lifetime deal's period never ends, so the settle timer never reaches it (and `lifetime` excludes it anyway). */
export const LIFETIME_PERIOD_END = new Date('9999-12-31T00:00:00.000Z');

/**
 * The lifetime-deal page: a code gives the account the PRY plan's limits for life (isSumo), with
 * nothing to pay. One code per account, each code once. A running subscription becomes the lifetime
 * deal (no more charges; a Stripe subscription is cancelled at once); identity applies the plan to the admin and the team from the event.
 */
export async function redeemLifetimeCode(deps: BillingDeps, request: RpcRequest<typeof BILLING_RPC.redeemLifetimeCode>): Promise<TSubscription> {
  const { adminId, email } = billingAdminOf(request.caller);
  const now = deps.clock();
  return deps.store.transaction(async (tx) => {
    const code = await tx.findLifetimeCode(request.body.code, { forUpdate: true });
    if (!code) throw lifetimeCodeInvalidError();
    if (await tx.findLifetimeCodeOf(adminId)) throw lifetimeAlreadyRedeemedError();
    if (code.redeemedBy) throw lifetimeCodeUsedError();
    if (!(await tx.markLifetimeCodeRedeemed(code.code, adminId, now))) throw lifetimeAlreadyRedeemedError();
    const customer = (await tx.findCustomer(adminId)) ?? { adminId, email, card: null };
    await tx.saveCustomer(customer, now);
    const current = await tx.findSubscription(adminId, { forUpdate: true });
    // The provider's own subscription (Stripe) ends now: nothing more is charged. Should it fail, the redemption rolls back.
    await deps.provider.endSubscription?.(adminId);
    const next: SubscriptionRecord = {
      id: current?.id ?? randomUUID(),
      adminId,
      planCode: 'PRY',
      status: 'active',
      trialEnd: null,
      currentPeriodStart: now,
      currentPeriodEnd: LIFETIME_PERIOD_END,
      cancelAtPeriodEnd: false,
      nextPlanCode: null,
      lifetime: true,
      discount: null,
    };
    await tx.saveSubscription(next, now);
    await tx.emit(SUBSCRIPTION_CHANGED, changedEventOf(next, now));
    return toSubscriptionView(next, customer, now, deps.provider.name);
  });
}
