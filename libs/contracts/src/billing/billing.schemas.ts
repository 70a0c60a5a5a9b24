import { z } from 'zod';
import { ZLine } from '../text/text.schemas';
import { ZDiscount } from './coupon.schemas';

/** The paid package codes of PRODUCT.md section 9 (`Free` has no subscription). */
export const PAID_PLAN_CODES = ['PM', 'PY', 'PRM', 'PRY', 'BM', 'BY'] as const;
export const ZPaidPlanCode = z.enum(PAID_PLAN_CODES);
export type TPaidPlanCode = z.infer<typeof ZPaidPlanCode>;

/** A subscription's states (the payment provider's names). `none`: no subscription (Free, or the card step not done). */
export const ZSubscriptionStatus = z.enum(['none', 'trialing', 'active', 'past_due', 'unpaid', 'canceled']);
export type TSubscriptionStatus = z.infer<typeof ZSubscriptionStatus>;

export const ZCard = z.object({ brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() });
export type TCard = z.infer<typeof ZCard>;

/** `GET /billing/subscription`: what the billing tab shows. Times are epoch ms. */
export const ZSubscription = z.object({
  provider: z.enum(['local', 'stripe']),
  planCode: z.union([ZPaidPlanCode, z.literal('Free')]),
  status: ZSubscriptionStatus,
  trialEnd: z.number().int().nullable(),
  /** Whole days left in the trial (rounded up), while `trialing`. */
  trialDaysLeft: z.number().int().nullable(),
  currentPeriodEnd: z.number().int().nullable(),
  /** Ends at `currentPeriodEnd` instead of renewing (cancel); `resume` undoes it. */
  cancelAtPeriodEnd: z.boolean(),
  /** A downgrade chosen for the end of the period. */
  nextPlanCode: ZPaidPlanCode.nullable(),
  /** The next charge in the plan's currency's smallest unit, and when. */
  nextCharge: z.object({ amount: z.number().int(), currency: z.string(), at: z.number().int() }).nullable(),
  card: ZCard.nullable(),
  /** Team seats of the plan, the admin included. */
  seats: z.number().int(),
  /** A lifetime-deal account: the PRY plan's limits for life, nothing to pay. */
  isSumo: z.boolean(),
  /** The coupon applied to the charges (`nextCharge` is already discounted), null or absent without one. */
  discount: ZDiscount.nullable().optional(),
});
export type TSubscription = z.infer<typeof ZSubscription>;

/** Card details for the local provider's own form (the Stripe provider takes a payment method from Stripe Elements). */
export const ZCardInput = z.strictObject({
  number: z.string().trim().regex(/^[\d ]{12,23}$/, 'Card number'),
  expMonth: z.coerce.number().int().min(1).max(12),
  expYear: z.coerce.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, 'CVC'),
});
export type TCardInput = z.infer<typeof ZCardInput>;

export const ZCheckoutBody = z.strictObject({
  planCode: ZPaidPlanCode,
  card: ZCardInput.optional(),
  paymentMethodId: ZLine.max(255).optional(),
  promotionCode: ZLine.trim().max(64).optional(),
  /** The language of the billing mails (receipts, trial ending, payment failed); kept from the last checkout, `en` at first. */
  lang: z.enum(['en', 'zh']).optional(),
});
export type TCheckoutBody = z.infer<typeof ZCheckoutBody>;

/** What the page needs after checkout: the subscription, and for Stripe the secret to confirm the card in the page. */
export const ZCheckoutResult = z.object({
  subscription: ZSubscription,
  clientSecret: z.string().nullable(),
  type: z.enum(['setup', 'payment']).nullable(),
});
export type TCheckoutResult = z.infer<typeof ZCheckoutResult>;

export const ZInvoice = z.object({
  id: z.string(),
  number: z.string(),
  planCode: ZPaidPlanCode,
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['paid', 'open', 'void', 'uncollectible']),
  created: z.number().int(),
  periodStart: z.number().int(),
  periodEnd: z.number().int(),
  url: z.string().nullable(),
});
export type TInvoice = z.infer<typeof ZInvoice>;
export const ZInvoiceList = z.object({ items: z.array(ZInvoice) });

export const ZUpdateCardBody = z.strictObject({ card: ZCardInput.optional(), paymentMethodId: ZLine.max(255).optional() });
