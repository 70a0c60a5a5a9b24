import { API_TOKEN_ROUTES, API_TOKEN_RPC } from '@ferry/contracts';
import type { RouteDeps } from './auth.routes';
import { bindRoute, type BoundRoute } from './route-registry';

/** The signed-in user's API tokens (API_TOKEN_ROUTES); outside API_TOKEN_SCOPE, so a token cannot manage tokens. */
export function apiTokenRoutes({ bus }: RouteDeps): BoundRoute[] {
  return [
    bindRoute(API_TOKEN_ROUTES.list, ({ user }) => bus.request(API_TOKEN_RPC.list, { userId: user.sub })),
    bindRoute(API_TOKEN_ROUTES.create, ({ user, body }) => bus.request(API_TOKEN_RPC.create, { userId: user.sub, ...body })),
    bindRoute(API_TOKEN_ROUTES.revoke, async ({ user, params }) => {
      await bus.request(API_TOKEN_RPC.revoke, { userId: user.sub, tokenId: params.id });
    }),
  ];
}
