import { FEEDBACK_ROUTES, IDENTITY_RPC } from '@ferry/contracts';
import { clientInfo, type RouteDeps } from './auth.routes';
import { bindRoute, type BoundRoute } from './route-registry';

/** The feedback widget's `POST /feedback`: kept by identity, with the user when one is signed in. */
export function feedbackRoutes({ bus }: RouteDeps): BoundRoute[] {
  return [
    bindRoute(FEEDBACK_ROUTES.sendFeedback, async ({ body, user, req }) => {
      await bus.request(IDENTITY_RPC.submitFeedback, { ...body, userId: user?.sub ?? null, client: clientInfo(req) });
    }),
  ];
}
