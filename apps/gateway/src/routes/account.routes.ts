import { ACCOUNT_ROUTES, IDENTITY_RPC } from '@ferry/contracts';
import { listPlans } from '@ferry/plans';
import { sessionBody, setRefreshCookie } from '../auth/refresh-cookie';
import { clientInfo, type RouteDeps } from './auth.routes';
import { bindRoute, type BoundRoute } from './route-registry';

/** Profile, team and plan catalogue rows of the public API table (ACCOUNT_ROUTES). */
export function accountRoutes({ bus, secureCookies }: RouteDeps): BoundRoute[] {
  return [
    bindRoute(ACCOUNT_ROUTES.getMe, ({ user }) => bus.request(IDENTITY_RPC.getMe, { userId: user.sub })),
    bindRoute(ACCOUNT_ROUTES.updateMe, ({ user, body }) => bus.request(IDENTITY_RPC.updateMe, { userId: user.sub, patch: body })),
    bindRoute(ACCOUNT_ROUTES.getTeam, ({ user }) => bus.request(IDENTITY_RPC.getTeam, { userId: user.sub })),
    bindRoute(ACCOUNT_ROUTES.inviteMember, ({ user, body }) => bus.request(IDENTITY_RPC.inviteMember, { userId: user.sub, ...body })),
    bindRoute(ACCOUNT_ROUTES.acceptInvite, async ({ params, body, req, res }) => {
      const session = await bus.request(IDENTITY_RPC.acceptInvite, { ...body, inviteId: params.id, client: clientInfo(req) });
      setRefreshCookie(res, session, secureCookies);
      return sessionBody(session);
    }),
    bindRoute(ACCOUNT_ROUTES.removeMember, async ({ user, params }) => {
      await bus.request(IDENTITY_RPC.removeMember, { userId: user.sub, memberId: params.id });
    }),
    bindRoute(ACCOUNT_ROUTES.inviteMembers, ({ user, body }) => bus.request(IDENTITY_RPC.inviteMembers, { userId: user.sub, ...body })),
    bindRoute(ACCOUNT_ROUTES.resendInvite, ({ user, params }) => bus.request(IDENTITY_RPC.resendInvite, { userId: user.sub, inviteId: params.id })),
    bindRoute(ACCOUNT_ROUTES.revokeInvite, async ({ user, params }) => {
      await bus.request(IDENTITY_RPC.revokeInvite, { userId: user.sub, inviteId: params.id });
    }),
    bindRoute(ACCOUNT_ROUTES.listPlans, async () => ({ plans: listPlans() })),
  ];
}
