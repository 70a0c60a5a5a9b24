import { randomUUID } from 'node:crypto';
import type { BILLING_RPC, TCoupon } from '@ferry/contracts';
import type { BillingDeps, RpcRequest } from './billing.ports';
import { toDiscountView } from './coupon-rules';
import { couponExistsError } from './coupon.errors';
import type { CouponRecord } from './coupon.ports';

/** An operator's `ferry-admin coupons create`: a new promotion code (its code unique whatever the case). */
export async function createCoupon(deps: BillingDeps, request: RpcRequest<typeof BILLING_RPC.createCoupon>): Promise<TCoupon> {
  const coupon: CouponRecord = { id: randomUUID(), ...request, timesRedeemed: 0 };
  if (!(await deps.store.insertCoupon(coupon, deps.clock()))) throw couponExistsError(request.code);
  return { id: coupon.id, ...toDiscountView(coupon), redeemBy: coupon.redeemBy, maxRedemptions: coupon.maxRedemptions, timesRedeemed: 0 };
}
