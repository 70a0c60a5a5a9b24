import type { BILLING_RPC, TSubscription } from '@ferry/contracts';
import { billingAdminOf } from './billing-caller';
import type { BillingDeps, RpcRequest } from './billing.ports';
import { toSubscriptionView } from './subscription-rules';

export async function getSubscription(deps: BillingDeps, request: RpcRequest<typeof BILLING_RPC.getSubscription>): Promise<TSubscription> {
  const { adminId } = billingAdminOf(request.caller);
  const [subscription, customer] = await Promise.all([deps.store.findSubscription(adminId), deps.store.findCustomer(adminId)]);
  return toSubscriptionView(subscription, customer, deps.clock(), deps.provider.name);
}
