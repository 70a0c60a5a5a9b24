import { z } from 'zod';
import { ZCheckoutBody, ZCheckoutResult, ZInvoiceList, ZSubscription, ZUpdateCardBody } from '../billing/billing.schemas';
import { ZCouponCheckBody, ZCouponCheckResult, ZLifetimeRedeemBody } from '../billing/coupon.schemas';
import { defineHttpRoute } from './define-http-route';

const ZEmptyBody = z.strictObject({});

/** The billing tab, register step 3 and the plan tab (the admin's subscription; members get 403). */
export const BILLING_ROUTES = {
  getSubscription: defineHttpRoute({
    method: 'get', path: '/billing/subscription', tag: 'billing', auth: 'user',
    summary: 'Plan, status, trial days left, period end, next charge, card, seats',
    status: 200, response: ZSubscription, errors: [401, 403],
  }),
  checkout: defineHttpRoute({
    method: 'post', path: '/billing/checkout', tag: 'billing', auth: 'user',
    summary: 'Start a subscription (7-day trial, card required) or change plan: upgrades at once, downgrades at the period end',
    body: ZCheckoutBody, status: 200, response: ZCheckoutResult, errors: [400, 401, 402, 403],
  }),
  updateCard: defineHttpRoute({
    method: 'post', path: '/billing/card', tag: 'billing', auth: 'user', summary: 'Replace the card (a past-due subscription is charged again at once)',
    body: ZUpdateCardBody, status: 200, response: ZSubscription, errors: [400, 401, 402, 403, 404],
  }),
  cancel: defineHttpRoute({
    method: 'post', path: '/billing/cancel', tag: 'billing', auth: 'user', summary: 'Cancel at the end of the period (or the trial)',
    body: ZEmptyBody, status: 200, response: ZSubscription, errors: [401, 403, 404],
  }),
  resume: defineHttpRoute({
    method: 'post', path: '/billing/resume', tag: 'billing', auth: 'user', summary: 'Undo a cancellation before the period ends',
    body: ZEmptyBody, status: 200, response: ZSubscription, errors: [401, 403, 404],
  }),
  listInvoices: defineHttpRoute({
    method: 'get', path: '/billing/invoices', tag: 'billing', auth: 'user', summary: 'Invoices, newest first',
    status: 200, response: ZInvoiceList, errors: [401, 403],
  }),
  checkCoupon: defineHttpRoute({
    method: 'post', path: '/billing/coupons/check', tag: 'billing', auth: 'user',
    summary: 'Whether a promotion code is a valid discount now (exists, redeem_by in the future, redemptions left)',
    body: ZCouponCheckBody, status: 200, response: ZCouponCheckResult, errors: [400, 401, 403],
  }),
  redeemLifetimeCode: defineHttpRoute({
    method: 'post', path: '/billing/lifetime-codes/redeem', tag: 'billing', auth: 'user',
    summary: "Redeem a lifetime-deal code: the PRY plan's limits for life (one code per account, each code once)",
    body: ZLifetimeRedeemBody, status: 200, response: ZSubscription, errors: [400, 401, 403, 409],
  }),
};
