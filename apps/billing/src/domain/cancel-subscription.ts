import type { BILLING_RPC, TSubscription } from '@ferry/contracts';
import { billingAdminOf, noSubscriptionError } from './billing-caller';
import type { BillingDeps, RpcRequest } from './billing.ports';
import { toSubscriptionView } from './subscription-rules';

async function setCancel(deps: BillingDeps, adminId: string, cancelAtPeriodEnd: boolean): Promise<TSubscription> {
  const now = deps.clock();
  return deps.store.transaction(async (tx) => {
    const subscription = await tx.findSubscription(adminId, { forUpdate: true });
    // A lifetime deal has nothing to cancel.
    if (!subscription || subscription.lifetime || (subscription.status !== 'trialing' && subscription.status !== 'active')) throw noSubscriptionError();
    const next = { ...subscription, cancelAtPeriodEnd, nextPlanCode: cancelAtPeriodEnd ? null : subscription.nextPlanCode };
    await tx.saveSubscription(next, now);
    return toSubscriptionView(next, await tx.findCustomer(adminId), now, deps.provider.name);
  });
}

/** Ends the subscription at the end of the period (or the trial): nothing more is charged. */
export async function cancelSubscription(deps: BillingDeps, request: RpcRequest<typeof BILLING_RPC.cancel>): Promise<TSubscription> {
  return setCancel(deps, billingAdminOf(request.caller).adminId, true);
}

/** Undoes a cancellation before the period ends. */
export async function resumeSubscription(deps: BillingDeps, request: RpcRequest<typeof BILLING_RPC.resume>): Promise<TSubscription> {
  return setCancel(deps, billingAdminOf(request.caller).adminId, false);
}
