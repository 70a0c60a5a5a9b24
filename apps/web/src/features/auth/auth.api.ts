import { ACCOUNT_ROUTES, ZSessionResponse, type THttpRequestBody, type THttpResponse } from '@ferry/contracts';
import { api } from '../../app/api';
import { routeArgs } from '../../app/route-args';
import { signedIn } from '../../app/session.slice';

const { acceptInvite } = ACCOUNT_ROUTES;

/** Account endpoints the session slice does not carry: joining a team from an invite. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    acceptInvite: build.mutation<THttpResponse<typeof acceptInvite>, { inviteId: string } & THttpRequestBody<typeof acceptInvite>>({
      query: ({ inviteId, ...body }) => routeArgs(acceptInvite, { params: { id: inviteId }, body }),
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
