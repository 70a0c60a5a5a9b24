import {
  IDENTITY_RPC,
  ZAcceptInviteBody,
  ZCreatedInvite,
  ZInviteBody,
  ZInviteId,
  ZLine,
  ZSessionResponse,
  ZTeam,
  ZUpdateMeBody,
  ZUser,
  type TAccessClaims,
} from '@ferry/contracts';
import { listPlans } from '@ferry/plans';
import { z } from 'zod';
import { sessionBody, setRefreshCookie } from '../auth/refresh-cookie';
import { clientInfo, type RouteDeps } from './auth.routes';
import { defineRoute, type RouteSpec } from './route-registry';

const signedIn = (user: TAccessClaims | null): TAccessClaims => user as TAccessClaims;

/** Profile, team and plan catalogue rows of the public API table. */
export function accountRoutes({ bus, secureCookies }: RouteDeps): RouteSpec[] {
  return [
    defineRoute({
      method: 'get', path: '/me', tag: 'account', auth: 'user', summary: 'The signed-in user', responses: { 200: ZUser }, errors: [401],
      handler: async ({ user }) => ({ status: 200, body: await bus.request(IDENTITY_RPC.getMe, { userId: signedIn(user).sub }) }),
    }),
    defineRoute({
      method: 'patch', path: '/me', tag: 'account', auth: 'user', summary: 'Update profile, language or storage region',
      body: ZUpdateMeBody, responses: { 200: ZUser }, errors: [400, 401],
      handler: async ({ user, body }) => ({
        status: 200,
        body: await bus.request(IDENTITY_RPC.updateMe, { userId: signedIn(user).sub, patch: body }),
      }),
    }),
    defineRoute({
      method: 'get', path: '/team', tag: 'team', auth: 'user', summary: 'The team: members, pending invites, size limit',
      responses: { 200: ZTeam }, errors: [401],
      handler: async ({ user }) => ({ status: 200, body: await bus.request(IDENTITY_RPC.getTeam, { userId: signedIn(user).sub }) }),
    }),
    defineRoute({
      method: 'post', path: '/team/invites', tag: 'team', auth: 'user', summary: 'Invite someone by email (admin only)',
      body: ZInviteBody, responses: { 201: ZCreatedInvite }, errors: [400, 401, 403, 409],
      handler: async ({ user, body }) => ({
        status: 201,
        body: await bus.request(IDENTITY_RPC.inviteMember, { userId: signedIn(user).sub, ...body }),
      }),
    }),
    defineRoute({
      method: 'post', path: '/team/invites/:id/accept', tag: 'team', auth: 'none', limit: 'auth',
      summary: 'Accept an invite: set a password and join; sets the refresh cookie',
      params: z.object({ id: ZInviteId }), body: ZAcceptInviteBody, responses: { 201: ZSessionResponse }, errors: [400, 404],
      handler: async ({ params, body, req, res }) => {
        const session = await bus.request(
          IDENTITY_RPC.acceptInvite,
          { ...body, inviteId: (params as { id: string }).id, client: clientInfo(req) },
        );
        setRefreshCookie(res, session, secureCookies);
        return { status: 201, body: sessionBody(session) };
      },
    }),
    defineRoute({
      method: 'delete', path: '/team/members/:id', tag: 'team', auth: 'user', summary: 'Remove a member (admin only)',
      params: z.object({ id: ZLine.min(1).max(64) }), responses: { 204: null }, errors: [401, 404],
      handler: async ({ user, params }) => {
        await bus.request(IDENTITY_RPC.removeMember, { userId: signedIn(user).sub, memberId: (params as { id: string }).id });
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'get', path: '/plans', tag: 'plans', auth: 'none', summary: 'The plan catalogue and its limits', responses: { 200: null },
      handler: async () => ({ status: 200, body: { plans: listPlans() } }),
    }),
  ];
}
