import { z } from 'zod';
import { ZLine } from '../text/text.schemas';

/** A promotion or lifetime-deal code as a person types it (letters, digits, `-` and `_`; compared case-insensitively). */
export const ZPromotionCode = ZLine.min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only');

/** How long a coupon's discount lasts: the first charge, every charge, or the charges of the first `durationInMonths` months. */
export const ZCouponDuration = z.enum(['once', 'forever', 'repeating']);
export type TCouponDuration = z.infer<typeof ZCouponDuration>;

/** A coupon's discount: `percentOff` (1-100) or `amountOff` (cents, USD), never both. */
export const ZDiscount = z.object({
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOff: z.number().int().nullable(),
  duration: ZCouponDuration,
  durationInMonths: z.number().int().nullable(),
});
export type TDiscount = z.infer<typeof ZDiscount>;

export const ZCouponCheckBody = z.strictObject({ code: ZPromotionCode });
export type TCouponCheckBody = z.infer<typeof ZCouponCheckBody>;

/** `POST /billing/coupons/check`: the code is a valid discount now (an invalid one is a 4xx with a COUPON_* code). */
export const ZCouponCheckResult = ZDiscount.extend({ valid: z.literal(true) });
export type TCouponCheckResult = z.infer<typeof ZCouponCheckResult>;

export const ZLifetimeRedeemBody = z.strictObject({ code: ZPromotionCode });
export type TLifetimeRedeemBody = z.infer<typeof ZLifetimeRedeemBody>;

/** An operator's `ferry-admin coupons create`. `redeemBy` is epoch seconds (PRODUCT.md section 4). */
export const ZCreateCouponRequest = z
  .object({
    code: ZPromotionCode,
    percentOff: z.number().int().min(1).max(100).nullable(),
    amountOff: z.number().int().min(1).nullable(),
    duration: ZCouponDuration,
    durationInMonths: z.number().int().min(1).max(120).nullable(),
    redeemBy: z.number().int().positive(),
    maxRedemptions: z.number().int().min(1).nullable(),
  })
  .refine((c) => (c.percentOff === null) !== (c.amountOff === null), 'exactly one of percentOff and amountOff')
  .refine((c) => (c.duration === 'repeating') === (c.durationInMonths !== null), 'durationInMonths with (and only with) duration repeating');
export type TCreateCouponRequest = z.infer<typeof ZCreateCouponRequest>;

export const ZCoupon = ZDiscount.extend({
  id: z.string().uuid(),
  redeemBy: z.number().int(),
  maxRedemptions: z.number().int().nullable(),
  timesRedeemed: z.number().int(),
});
export type TCoupon = z.infer<typeof ZCoupon>;

/** An operator's `ferry-admin lifetime-codes create <n>`: new single-use codes. */
export const ZCreateLifetimeCodesRequest = z.object({ count: z.number().int().min(1).max(1000) });
export const ZLifetimeCodes = z.object({ codes: z.array(z.string()) });
export type TLifetimeCodes = z.infer<typeof ZLifetimeCodes>;
