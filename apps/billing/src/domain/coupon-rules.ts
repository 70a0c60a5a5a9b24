import { PLAN_CODES } from '@ferry/plans';
import type { TDiscount, TPaidPlanCode } from '@ferry/contracts';
import type { SubscriptionRecord } from './billing.ports';
import { couponExpiredError, couponInvalidError, couponUsedUpError } from './coupon.errors';
import type { AppliedDiscount, CouponRecord } from './coupon.ports';

/**
 * A coupon is a valid discount while it exists and `redeem_by` (seconds) is in the future
 * (PRODUCT.md section 4), and while it has redemptions left. Returns the coupon, or throws why not.
 */
export function validCoupon(coupon: CouponRecord | null, now: Date): CouponRecord {
  if (!coupon) throw couponInvalidError();
  if (coupon.redeemBy * 1000 <= now.getTime()) throw couponExpiredError();
  if (coupon.maxRedemptions !== null && coupon.timesRedeemed >= coupon.maxRedemptions) throw couponUsedUpError();
  return coupon;
}

export function toDiscountView(coupon: CouponRecord): TDiscount {
  return { code: coupon.code, percentOff: coupon.percentOff, amountOff: coupon.amountOff, duration: coupon.duration, durationInMonths: coupon.durationInMonths };
}

/** How many charges of this plan the coupon discounts: once 1, forever every one (null), repeating those within its months. */
export function discountFor(coupon: CouponRecord, planCode: TPaidPlanCode): AppliedDiscount {
  if (coupon.duration === 'forever') return { coupon, chargesLeft: null };
  if (coupon.duration === 'once') return { coupon, chargesLeft: 1 };
  const months = coupon.durationInMonths ?? 1;
  return { coupon, chargesLeft: PLAN_CODES[planCode].period === 'yearly' ? Math.ceil(months / 12) : months };
}

/** `amount` (cents) less the coupon's discount, never below 0. */
export function discountedAmount(discount: AppliedDiscount | null | undefined, amount: number): number {
  if (!discount) return amount;
  const { percentOff, amountOff } = discount.coupon;
  const off = percentOff !== null ? Math.round((amount * percentOff) / 100) : (amountOff ?? 0);
  return Math.max(0, amount - off);
}

/** The amount to charge for a period and the subscription's discount after that charge is paid. */
export function applyDiscount(subscription: SubscriptionRecord, amount: number): { amount: number; discountAfter: AppliedDiscount | null | undefined } {
  const discount = subscription.discount;
  if (!discount) return { amount, discountAfter: discount };
  const left = discount.chargesLeft === null ? null : discount.chargesLeft - 1;
  return { amount: discountedAmount(discount, amount), discountAfter: left === 0 ? null : { ...discount, chargesLeft: left } };
}
