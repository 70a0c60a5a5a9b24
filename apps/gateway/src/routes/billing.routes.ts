import { BILLING_ROUTES, BILLING_RPC } from '@ferry/contracts';
import type { RouteDeps } from './auth.routes';
import { billingAdmin } from './billing-admin';
import { bindRoute, type BoundRoute } from './route-registry';

/** The signed-in admin's subscription, card and invoices, served by billing (BILLING_ROUTES); a team member gets 403. */
export function billingRoutes({ bus }: RouteDeps): BoundRoute[] {
  return [
    bindRoute(BILLING_ROUTES.getSubscription, ({ user }) => bus.request(BILLING_RPC.getSubscription, { caller: billingAdmin(user) })),
    bindRoute(BILLING_ROUTES.checkout, ({ user, body }) => bus.request(BILLING_RPC.checkout, { caller: billingAdmin(user), body })),
    bindRoute(BILLING_ROUTES.updateCard, ({ user, body }) => bus.request(BILLING_RPC.updateCard, { caller: billingAdmin(user), body })),
    bindRoute(BILLING_ROUTES.cancel, ({ user }) => bus.request(BILLING_RPC.cancel, { caller: billingAdmin(user) })),
    bindRoute(BILLING_ROUTES.resume, ({ user }) => bus.request(BILLING_RPC.resume, { caller: billingAdmin(user) })),
    bindRoute(BILLING_ROUTES.listInvoices, ({ user }) => bus.request(BILLING_RPC.listInvoices, { caller: billingAdmin(user) })),
    bindRoute(BILLING_ROUTES.checkCoupon, ({ user, body }) => bus.request(BILLING_RPC.checkCoupon, { caller: billingAdmin(user), body })),
    bindRoute(BILLING_ROUTES.redeemLifetimeCode, ({ user, body }) => bus.request(BILLING_RPC.redeemLifetimeCode, { caller: billingAdmin(user), body })),
  ];
}
