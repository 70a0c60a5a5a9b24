import { z } from 'zod';
import {
  ZAcceptInviteBody,
  ZCreatedInvite,
  ZInviteBody,
  ZInviteId,
  ZSessionResponse,
  ZTeam,
  ZUpdateMeBody,
  ZUser,
} from '../identity/identity.schemas';
import { ZInviteBatchBody, ZInviteBatchResponse, ZTeamInviteRef } from '../identity/team.schemas';
import { ZLine } from '../text/text.schemas';
import { defineHttpRoute } from './define-http-route';

export const ZInviteParams = z.object({ id: ZInviteId });
export const ZMemberParams = z.object({ id: ZLine.min(1).max(64) });
export const ZTeamInviteParams = z.object({ id: ZTeamInviteRef });
/** The plan catalogue of `@ferry/plans` (names, prices, limits), passed through as it is. */
export const ZPlanCatalogue = z.object({ plans: z.array(z.unknown()) });
export type TPlanCatalogue = z.infer<typeof ZPlanCatalogue>;

/** Profile, team and plan catalogue rows of the public API table. */
export const ACCOUNT_ROUTES = {
  getMe: defineHttpRoute({
    method: 'get', path: '/me', tag: 'account', auth: 'user', summary: 'The signed-in user', status: 200, response: ZUser, errors: [401],
  }),
  updateMe: defineHttpRoute({
    method: 'patch', path: '/me', tag: 'account', auth: 'user', summary: 'Update profile, language or storage region',
    body: ZUpdateMeBody, status: 200, response: ZUser, errors: [400, 401],
  }),
  getTeam: defineHttpRoute({
    method: 'get', path: '/team', tag: 'team', auth: 'user', summary: 'The team: members, pending invites, size limit',
    status: 200, response: ZTeam, errors: [401],
  }),
  inviteMember: defineHttpRoute({
    method: 'post', path: '/team/invites', tag: 'team', auth: 'user', summary: 'Invite someone by email (admin only)',
    body: ZInviteBody, status: 201, response: ZCreatedInvite, errors: [400, 401, 403, 409],
  }),
  acceptInvite: defineHttpRoute({
    method: 'post', path: '/team/invites/:id/accept', tag: 'team', auth: 'none', limit: 'auth',
    summary: 'Accept an invite: set a password and join; sets the refresh cookie',
    params: ZInviteParams, body: ZAcceptInviteBody, status: 201, response: ZSessionResponse, errors: [400, 404],
  }),
  removeMember: defineHttpRoute({
    method: 'delete', path: '/team/members/:id', tag: 'team', auth: 'user', summary: 'Remove a member (admin only)',
    params: ZMemberParams, status: 204, errors: [401, 403, 404],
  }),
  inviteMembers: defineHttpRoute({
    method: 'post', path: '/team/invites/batch', tag: 'team', auth: 'user',
    summary: 'Invite several addresses at once (admin only); each is checked against the team size and answered on its own',
    body: ZInviteBatchBody, status: 200, response: ZInviteBatchResponse, errors: [400, 401, 403],
  }),
  resendInvite: defineHttpRoute({
    method: 'post', path: '/team/invites/:id/resend', tag: 'team', auth: 'user',
    summary: 'Mail a pending invite again with a new link (the old link stops working; admin only)',
    params: ZTeamInviteParams, status: 200, response: ZCreatedInvite, errors: [401, 403, 404, 429],
  }),
  revokeInvite: defineHttpRoute({
    method: 'delete', path: '/team/invites/:id', tag: 'team', auth: 'user', summary: 'Revoke a pending invite: its link fails from now on (admin only)',
    params: ZTeamInviteParams, status: 204, errors: [401, 403, 404],
  }),
  listPlans: defineHttpRoute({
    method: 'get', path: '/plans', tag: 'plans', auth: 'none', summary: 'The plan catalogue and its limits', status: 200, response: ZPlanCatalogue,
  }),
} as const;
