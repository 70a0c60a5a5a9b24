import { z } from 'zod';
import { defineRpc } from '../messaging/define-rpc';
import { ZCaller } from '../transfers/transfers.rpc';
import { ZCheckoutBody, ZCheckoutResult, ZInvoiceList, ZSubscription, ZUpdateCardBody } from './billing.schemas';
import { ZCoupon, ZCouponCheckBody, ZCouponCheckResult, ZCreateCouponRequest, ZCreateLifetimeCodesRequest, ZLifetimeCodes, ZLifetimeRedeemBody } from './coupon.schemas';

const ZCalled = z.object({ caller: ZCaller });

/** `svc.billing.*`: the only service that talks to the payment provider; always for the signed-in admin. */
export const BILLING_RPC = {
  getSubscription: defineRpc('svc.billing.get-subscription', ZCalled, ZSubscription),
  checkout: defineRpc('svc.billing.checkout', ZCalled.extend({ body: ZCheckoutBody }), ZCheckoutResult, { timeoutMs: 30_000 }),
  updateCard: defineRpc('svc.billing.update-card', ZCalled.extend({ body: ZUpdateCardBody }), ZSubscription, { timeoutMs: 30_000 }),
  cancel: defineRpc('svc.billing.cancel', ZCalled, ZSubscription, { timeoutMs: 30_000 }),
  resume: defineRpc('svc.billing.resume', ZCalled, ZSubscription, { timeoutMs: 30_000 }),
  listInvoices: defineRpc('svc.billing.list-invoices', ZCalled, ZInvoiceList),
  checkCoupon: defineRpc('svc.billing.check-coupon', ZCalled.extend({ body: ZCouponCheckBody }), ZCouponCheckResult),
  /** The PRY plan's limits for life for the caller's account (one code per account, each code once). */
  redeemLifetimeCode: defineRpc('svc.billing.redeem-lifetime-code', ZCalled.extend({ body: ZLifetimeRedeemBody }), ZSubscription, { timeoutMs: 30_000 }),
  /** Operator only (`ferry-admin coupons create`); the gateway binds no route to it. */
  createCoupon: defineRpc('svc.billing.create-coupon', ZCreateCouponRequest, ZCoupon),
  /** Operator only (`ferry-admin lifetime-codes create <n>`); the gateway binds no route to it. */
  createLifetimeCodes: defineRpc('svc.billing.create-lifetime-codes', ZCreateLifetimeCodesRequest, ZLifetimeCodes),
};
