import { BILLING_PROVIDER_ROUTES, BILLING_PROVIDER_RPC, type THttpResponse } from '@ferry/contracts';
import type { RouteDeps } from './auth.routes';
import { billingAdmin } from './billing-admin';
import { bindRoute, type BoundRoute } from './route-registry';

export type TBillingConfig = THttpResponse<typeof BILLING_PROVIDER_ROUTES.config>;
const LOCAL: TBillingConfig = { provider: 'local', publishableKey: null };

/** The Stripe provider's page routes (billing answers 409 for the portal with the local provider); the config is the gateway's own. */
export function billingProviderRoutes({ bus, billing = LOCAL }: RouteDeps): BoundRoute[] {
  return [
    bindRoute(BILLING_PROVIDER_ROUTES.config, async () => billing),
    bindRoute(BILLING_PROVIDER_ROUTES.portal, ({ user }) => bus.request(BILLING_PROVIDER_RPC.portal, { caller: billingAdmin(user) })),
  ];
}
