import type { TPaidPlanCode } from '@ferry/contracts';
import type { BillingTx, SubscriptionRecord } from './billing.ports';
import { discountFor, validCoupon } from './coupon-rules';
import { lifetimeNothingToPayError } from './coupon.errors';
import type { AppliedDiscount } from './coupon.ports';

/**
 * Checkout's promotion code, inside its transaction: the coupon (locked, so `max_redemptions`
 * holds under concurrent checkouts) is validated, counted once per subscription, and carried by
 * the subscription from now on. Without a code the subscription keeps its discount. A lifetime
 * deal has nothing to check out.
 */
export async function redeemPromotionCode(
  tx: BillingTx,
  current: SubscriptionRecord | null,
  options: { planCode: TPaidPlanCode; code: string | undefined; now: Date },
): Promise<{ current: SubscriptionRecord | null; discount: AppliedDiscount | null }> {
  if (current?.lifetime) throw lifetimeNothingToPayError();
  if (!options.code) return { current, discount: current?.discount ?? null };
  const coupon = validCoupon(await tx.findCoupon(options.code, { forUpdate: true }), options.now);
  if (current?.discount?.coupon.id === coupon.id) return { current, discount: current.discount };
  await tx.countRedemption(coupon.id);
  const discount = discountFor(coupon, options.planCode);
  return { current: current && { ...current, discount }, discount };
}
