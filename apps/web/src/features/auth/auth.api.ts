import { ZSessionResponse, type TSessionResponse } from '@ferry/contracts';
import { api } from '../../app/api';
import { signedIn } from '../../app/session.slice';

/** Account endpoints the session slice does not carry: joining a team from an invite. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    acceptInvite: build.mutation<TSessionResponse, { inviteId: string; password: string; fullName?: string }>({
      query: ({ inviteId, ...body }) => ({ url: `/team/invites/${encodeURIComponent(inviteId)}/accept`, method: 'POST', body }),
      transformResponse: (raw) => ZSessionResponse.parse(raw),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // A refused invite is the page's to show; caught so it is not also an unhandled rejection.
        const result = await queryFulfilled.catch(() => null);
        if (!result) return;
        dispatch(api.util.resetApiState());
        dispatch(signedIn(result.data));
      },
    }),
  }),
});

export const { useAcceptInviteMutation } = authApi;
