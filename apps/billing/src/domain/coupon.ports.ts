import type { TCouponDuration } from '@ferry/contracts';

export interface CouponRecord {
  id: string;
  code: string;
  percentOff: number | null;
  /** Cents (USD). */
  amountOff: number | null;
  duration: TCouponDuration;
  durationInMonths: number | null;
  /** Epoch seconds. */
  redeemBy: number;
  maxRedemptions: number | null;
  timesRedeemed: number;
}

/** A coupon on a subscription: `chargesLeft` null means every charge (duration forever). */
export interface AppliedDiscount {
  coupon: CouponRecord;
  chargesLeft: number | null;
}

export interface LifetimeCodeRecord {
  code: string;
  redeemedBy: string | null;
  redeemedAt: Date | null;
}

export interface CouponTables {
  /** The coupon whose code matches whatever the case. */
  findCoupon(code: string, options?: { forUpdate?: boolean }): Promise<CouponRecord | null>;
  /** False when a coupon with that code (whatever the case) exists already. */
  insertCoupon(coupon: CouponRecord, now: Date): Promise<boolean>;
  countRedemption(couponId: string): Promise<void>;
  insertLifetimeCodes(codes: string[], now: Date): Promise<void>;
  findLifetimeCode(code: string, options?: { forUpdate?: boolean }): Promise<LifetimeCodeRecord | null>;
  /** The code the admin redeemed, if any. */
  findLifetimeCodeOf(adminId: string): Promise<LifetimeCodeRecord | null>;
  /** False when the code was redeemed meanwhile or the admin holds another one. */
  markLifetimeCodeRedeemed(code: string, adminId: string, now: Date): Promise<boolean>;
}
