import { ACCOUNT_ROUTES, type THttpRequestBody, type THttpResponse } from '@ferry/contracts';
import { api } from '../../../app/api';
import { routeArgs } from '../../../app/route-args';
import { userUpdated } from '../../../app/session.slice';

const { updateMe } = ACCOUNT_ROUTES;

/** The account's own settings: `PATCH /me` updates the profile, language or region in the session too. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateMe: build.mutation<THttpResponse<typeof updateMe>, THttpRequestBody<typeof updateMe>>({
      query: (body) => routeArgs(updateMe, { body }),
      invalidatesTags: ['Me', 'Usage'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(userUpdated(result.data));
      },
    }),
  }),
});

export const { useUpdateMeMutation } = accountApi;
