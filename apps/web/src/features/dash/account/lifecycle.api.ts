import { ACCOUNT_LIFECYCLE_ROUTES, type THttpRequestBody, type THttpResponse } from '@ferry/contracts';
import { api } from '../../../app/api';
import { routeArgs } from '../../../app/route-args';
import { userUpdated } from '../../../app/session.slice';

const R = ACCOUNT_LIFECYCLE_ROUTES;

/** Change email, change password, delete account, export my data. */
export const lifecycleApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestEmailChange: build.mutation<void, THttpRequestBody<typeof R.requestEmailChange>>({
      query: (body) => routeArgs(R.requestEmailChange, { body }),
    }),
    confirmEmailChange: build.mutation<THttpResponse<typeof R.confirmEmailChange>, THttpRequestBody<typeof R.confirmEmailChange>>({
      query: (body) => routeArgs(R.confirmEmailChange, { body }),
      invalidatesTags: ['Me'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(userUpdated(result.data));
      },
    }),
    changePassword: build.mutation<void, THttpRequestBody<typeof R.changePassword>>({
      query: (body) => routeArgs(R.changePassword, { body }),
    }),
    requestAccountDeletion: build.mutation<THttpResponse<typeof R.requestAccountDeletion>, THttpRequestBody<typeof R.requestAccountDeletion>>({
      query: (body) => routeArgs(R.requestAccountDeletion, { body }),
    }),
    requestDataExport: build.mutation<THttpResponse<typeof R.requestDataExport>, void>({
      query: () => routeArgs(R.requestDataExport, {}),
    }),
  }),
});

export const {
  useRequestEmailChangeMutation,
  useConfirmEmailChangeMutation,
  useChangePasswordMutation,
  useRequestAccountDeletionMutation,
  useRequestDataExportMutation,
} = lifecycleApi;
