import { serve, type RpcHandler } from '@ferry/bus';
import { BILLING_RPC } from '@ferry/contracts';
import type { BillingDeps } from '../domain/billing.ports';
import { cancelSubscription, resumeSubscription } from '../domain/cancel-subscription';
import { checkCoupon } from '../domain/check-coupon';
import { checkout } from '../domain/checkout';
import { createCoupon } from '../domain/create-coupon';
import { createLifetimeCodes } from '../domain/create-lifetime-codes';
import { getSubscription } from '../domain/get-subscription';
import { listInvoices } from '../domain/list-invoices';
import { redeemLifetimeCode } from '../domain/redeem-lifetime-code';
import { updateCard } from '../domain/update-card';

/** Every endpoint of `BILLING_RPC`, served in the `billing` queue group; the bus has validated each request. */
export function billingHandlers(deps: BillingDeps): RpcHandler[] {
  return [
    serve(deps, BILLING_RPC.getSubscription, getSubscription),
    serve(deps, BILLING_RPC.checkout, checkout),
    serve(deps, BILLING_RPC.updateCard, updateCard),
    serve(deps, BILLING_RPC.cancel, cancelSubscription),
    serve(deps, BILLING_RPC.resume, resumeSubscription),
    serve(deps, BILLING_RPC.listInvoices, listInvoices),
    serve(deps, BILLING_RPC.checkCoupon, checkCoupon),
    serve(deps, BILLING_RPC.redeemLifetimeCode, redeemLifetimeCode),
    serve(deps, BILLING_RPC.createCoupon, createCoupon),
    serve(deps, BILLING_RPC.createLifetimeCodes, createLifetimeCodes),
  ];
}
