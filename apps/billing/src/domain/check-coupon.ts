import type { BILLING_RPC, TCouponCheckResult } from '@ferry/contracts';
import { billingAdminOf } from './billing-caller';
import type { BillingDeps, RpcRequest } from './billing.ports';
import { toDiscountView, validCoupon } from './coupon-rules';

/** The promotion code field at checkout: the discount a code gives now, or why it does not. */
export async function checkCoupon(deps: BillingDeps, request: RpcRequest<typeof BILLING_RPC.checkCoupon>): Promise<TCouponCheckResult> {
  billingAdminOf(request.caller);
  const coupon = validCoupon(await deps.store.findCoupon(request.body.code), deps.clock());
  return { valid: true, ...toDiscountView(coupon) };
}
