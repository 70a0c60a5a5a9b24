import { ACCOUNT_ROUTES, type THttpRequestBody, type THttpResponse } from '@ferry/contracts';
import { api } from '../../../app/api';
import { routeArgs } from '../../../app/route-args';

const { getTeam, inviteMembers, resendInvite, revokeInvite, removeMember } = ACCOUNT_ROUTES;

/** The Teams tab: the team with its pending invites, and the admin's verbs on it. */
export const teamsApi = api.injectEndpoints({
  endpoints: (build) => ({
    teamAdmin: build.query<THttpResponse<typeof getTeam>, void>({
      query: () => routeArgs(getTeam, {}),
      providesTags: ['Team'],
    }),
    inviteMembers: build.mutation<THttpResponse<typeof inviteMembers>, THttpRequestBody<typeof inviteMembers>>({
      query: (body) => routeArgs(inviteMembers, { body }),
      invalidatesTags: ['Team'],
    }),
    resendInvite: build.mutation<THttpResponse<typeof resendInvite>, string>({
      query: (id) => routeArgs(resendInvite, { params: { id } }),
      invalidatesTags: ['Team'],
    }),
    revokeInvite: build.mutation<void, string>({
      query: (id) => routeArgs(revokeInvite, { params: { id } }),
      invalidatesTags: ['Team'],
    }),
    removeMember: build.mutation<void, string>({
      query: (id) => routeArgs(removeMember, { params: { id } }),
      invalidatesTags: ['Team'],
    }),
  }),
});

export const { useTeamAdminQuery, useInviteMembersMutation, useResendInviteMutation, useRevokeInviteMutation, useRemoveMemberMutation } = teamsApi;
