import { ZCouponDuration, type BILLING_RPC, type TCoupon, type TCouponCheckResult, type TDiscount } from '@ferry/contracts';
import type Stripe from 'stripe';
import { billingAdminOf } from '../../domain/billing-caller';
import type { BillingDeps, RpcRequest } from '../../domain/billing.ports';
import { createCoupon } from '../../domain/create-coupon';
import { couponExpiredError, couponInvalidError, couponUsedUpError } from '../../domain/coupon.errors';
import { CURRENCY } from '../../domain/subscription-rules';
import type { StripeBilling } from './stripe-billing';

/** A Stripe promotion code checkout may apply: its id and the discount the page shows. */
export interface StripePromotion {
  id: string;
  discount: TDiscount;
}

const expired = (at: number | null | undefined, now: Date) => typeof at === 'number' && at * 1000 <= now.getTime();
const usedUp = (o: { max_redemptions: number | null; times_redeemed: number }) => o.max_redemptions !== null && o.times_redeemed >= o.max_redemptions;

/**
 * With Stripe, Stripe's promotion codes are the one truth for both the code check and checkout: the
 * code (whatever its case) must name a promotion code whose coupon exists, is valid and whose
 * `redeem_by` is in the future (PRODUCT.md section 4), with redemptions left. Otherwise the same
 * errors as the local provider's coupons.
 */
export async function findStripePromotion(sb: StripeBilling, code: string, now: Date): Promise<StripePromotion> {
  const found = await sb.stripe.promotionCodes.list({ code, limit: 10, expand: ['data.promotion.coupon'] });
  const candidates = found.data.filter((p) => p.code.toLowerCase() === code.toLowerCase());
  const promotion = candidates.find((p) => p.active) ?? candidates[0];
  const coupon = promotion?.promotion.coupon;
  if (!promotion || !coupon || typeof coupon === 'string') throw couponInvalidError();
  if (expired(coupon.redeem_by, now) || expired(promotion.expires_at, now) || (!coupon.valid && !usedUp(coupon))) throw couponExpiredError();
  if (usedUp(promotion) || usedUp(coupon)) throw couponUsedUpError();
  if (!promotion.active) throw couponInvalidError();
  return { id: promotion.id, discount: discountOf(promotion.code, coupon) };
}

function discountOf(code: string, coupon: Stripe.Coupon): TDiscount {
  const duration = ZCouponDuration.catch('once').parse(coupon.duration);
  return { code, percentOff: coupon.percent_off, amountOff: coupon.amount_off, duration, durationInMonths: coupon.duration_in_months };
}

/** POST /billing/coupons/check with Stripe: the promotion code checkout will apply. */
export async function stripeCheckCoupon(deps: BillingDeps, sb: StripeBilling, request: RpcRequest<typeof BILLING_RPC.checkCoupon>): Promise<TCouponCheckResult> {
  billingAdminOf(request.caller);
  const { discount } = await findStripePromotion(sb, request.body.code, deps.clock());
  return { valid: true, ...discount };
}

/**
 * An operator's coupon with Stripe: kept in Ferry's table (the code unique whatever its case) and
 * created on Stripe as a coupon and its promotion code, so checkout applies what the check accepts.
 * Stripe is called inside the transaction: when Stripe fails, Ferry keeps no coupon (idempotency keys
 * make a retry reuse what Stripe created).
 */
export async function stripeCreateCoupon(deps: BillingDeps, sb: StripeBilling, request: RpcRequest<typeof BILLING_RPC.createCoupon>): Promise<TCoupon> {
  return deps.store.transaction(async (tx) => {
    const created = await createCoupon({ ...deps, store: { ...deps.store, insertCoupon: tx.insertCoupon } }, request);
    const key = `ferry-coupon-${request.code.toLowerCase()}-${request.redeemBy}`;
    const coupon = await sb.stripe.coupons.create(
      {
        name: request.code,
        duration: request.duration,
        ...(request.duration === 'repeating' && request.durationInMonths ? { duration_in_months: request.durationInMonths } : {}),
        ...(request.percentOff !== null ? { percent_off: request.percentOff } : { amount_off: request.amountOff ?? 0, currency: CURRENCY }),
        redeem_by: request.redeemBy,
        ...(request.maxRedemptions !== null ? { max_redemptions: request.maxRedemptions } : {}),
        metadata: { ferryCouponId: created.id },
      },
      { idempotencyKey: key },
    );
    await sb.stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id }, code: request.code, metadata: { ferryCouponId: created.id } }, { idempotencyKey: `${key}-code` });
    return created;
  });
}
