import { describe, expect, it } from 'vitest';
import type { SubscriptionRecord } from './billing.ports';
import { applyDiscount, discountFor, validCoupon } from './coupon-rules';
import type { CouponRecord } from './coupon.ports';

const NOW = new Date('2026-12-01T00:00:00Z');
const coupon = (overrides: Partial<CouponRecord> = {}): CouponRecord => ({
  id: 'c1', code: 'C', percentOff: 20, amountOff: null, duration: 'once', durationInMonths: null,
  redeemBy: NOW.getTime() / 1000 + 60, maxRedemptions: null, timesRedeemed: 0, ...overrides,
});
const subscription = (discount: SubscriptionRecord['discount']): SubscriptionRecord => ({
  id: 's1', adminId: 'a1', planCode: 'PRM', status: 'trialing', trialEnd: NOW, currentPeriodStart: NOW, currentPeriodEnd: NOW,
  cancelAtPeriodEnd: false, nextPlanCode: null, discount,
});

describe('coupon rules', () => {
  it('when redeem_by (seconds) is now or past, then the coupon is expired; a second before, it is valid', () => {
    expect(() => validCoupon(coupon({ redeemBy: NOW.getTime() / 1000 }), NOW)).toThrow('This code has expired.');
    expect(validCoupon(coupon({ redeemBy: NOW.getTime() / 1000 + 1 }), NOW).code).toBe('C');
    expect(() => validCoupon(null, NOW)).toThrow('This code is not valid.');
    expect(() => validCoupon(coupon({ maxRedemptions: 2, timesRedeemed: 2 }), NOW)).toThrow('This code has been used up.');
  });

  it('when a repeating coupon covers 3 months, then a monthly plan gets 3 discounted charges and a yearly plan 1', () => {
    expect(discountFor(coupon({ duration: 'repeating', durationInMonths: 3 }), 'PRM').chargesLeft).toBe(3);
    expect(discountFor(coupon({ duration: 'repeating', durationInMonths: 3 }), 'PRY').chargesLeft).toBe(1);
    expect(discountFor(coupon({ duration: 'forever' }), 'PRM').chargesLeft).toBeNull();
  });

  it('when a charge is discounted, then the discount counts down and ends after its last charge; amounts never go below 0', () => {
    const twice = applyDiscount(subscription({ coupon: coupon(), chargesLeft: 2 }), 2_900);
    expect(twice).toEqual({ amount: 2_320, discountAfter: { coupon: coupon(), chargesLeft: 1 } });
    expect(applyDiscount(subscription({ coupon: coupon(), chargesLeft: 1 }), 2_900).discountAfter).toBeNull();
    expect(applyDiscount(subscription({ coupon: coupon({ percentOff: null, amountOff: 10_000 }), chargesLeft: null }), 2_900)).toMatchObject({ amount: 0, discountAfter: { chargesLeft: null } });
    expect(applyDiscount(subscription(null), 2_900)).toEqual({ amount: 2_900, discountAfter: null });
  });
});
