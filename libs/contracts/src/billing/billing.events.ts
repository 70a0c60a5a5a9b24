import { z } from 'zod';
import { defineEvent, ZEventBase } from '../messaging/define-event';
import { ZPaidPlanCode, ZSubscriptionStatus } from './billing.schemas';

/**
 * An admin's subscription changed (started, trial ended, renewed, payment failed, cancelled, plan
 * changed). Identity applies `role` and `userStatus` to the admin and every member of the team.
 */
export const ZSubscriptionChanged = ZEventBase.extend({
  adminId: z.string(),
  planCode: z.union([ZPaidPlanCode, z.literal('Free')]),
  /** The role the plan gives (PLAN_CODES), `free` when the subscription is over. */
  role: z.string(),
  status: ZSubscriptionStatus,
  /** The user status identity stores: the subscription's status, `canceled` when it ended. */
  userStatus: z.string(),
  trialEnd: z.number().int().nullable(),
  currentPeriodEnd: z.number().int().nullable(),
  /** When the provider changed it (epoch ms): an older change never overwrites a newer one. */
  changedAt: z.number().int(),
});
export type TSubscriptionChanged = z.infer<typeof ZSubscriptionChanged>;
export const SUBSCRIPTION_CHANGED = defineEvent('evt.subscription.changed', 1, ZSubscriptionChanged);

/** Who a billing mail goes to: the admin's email and language at checkout (`en` unless given). */
const ZBillingMailTo = ZEventBase.extend({
  adminId: z.string(),
  email: z.string(),
  lang: z.enum(['en', 'zh']),
  planCode: ZPaidPlanCode,
});

/** The amount (smallest unit of `currency`, e.g. cents) and period of an invoice; dates are epoch ms. */
const ZInvoiceFacts = z.object({
  invoiceNumber: z.string(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  periodStart: z.number().int(),
  periodEnd: z.number().int(),
});

/** A charge succeeded: mail sends the receipt. */
export const ZInvoicePaid = ZBillingMailTo.extend(ZInvoiceFacts.shape);
export type TInvoicePaid = z.infer<typeof ZInvoicePaid>;
export const INVOICE_PAID = defineEvent('evt.invoice.paid', 1, ZInvoicePaid);

/** A charge failed (trial end or renewal): mail asks the admin to fix the card. */
export const ZInvoicePaymentFailed = ZBillingMailTo.extend(ZInvoiceFacts.shape);
export type TInvoicePaymentFailed = z.infer<typeof ZInvoicePaymentFailed>;
export const INVOICE_PAYMENT_FAILED = defineEvent('evt.invoice.payment-failed', 1, ZInvoicePaymentFailed);

/** A trial ends within 2 days (once per subscription): mail says when and what will be charged. */
export const ZSubscriptionTrialEnding = ZBillingMailTo.extend({
  trialEnd: z.number().int(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
});
export type TSubscriptionTrialEnding = z.infer<typeof ZSubscriptionTrialEnding>;
export const SUBSCRIPTION_TRIAL_ENDING = defineEvent('evt.subscription.trial-ending', 1, ZSubscriptionTrialEnding);

/** A subscription cancelled at the end of its period has ended: mail confirms it. */
export const ZSubscriptionCanceled = ZBillingMailTo.extend({ endedAt: z.number().int() });
export type TSubscriptionCanceled = z.infer<typeof ZSubscriptionCanceled>;
export const SUBSCRIPTION_CANCELED = defineEvent('evt.subscription.canceled', 1, ZSubscriptionCanceled);
