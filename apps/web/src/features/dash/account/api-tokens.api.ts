import { API_TOKEN_ROUTES, type THttpRequestBody, type THttpResponse } from '@ferry/contracts';
import { api } from '../../../app/api';
import { routeArgs } from '../../../app/route-args';

const { list, create, revoke } = API_TOKEN_ROUTES;

/** The signed-in user's API tokens (Settings): listed, created (the answer holds the token, shown once) and revoked. */
export const apiTokensApi = api.injectEndpoints({
  endpoints: (build) => ({
    listApiTokens: build.query<THttpResponse<typeof list>, void>({
      query: () => routeArgs(list, {}),
      providesTags: ['ApiTokens'],
    }),
    createApiToken: build.mutation<THttpResponse<typeof create>, THttpRequestBody<typeof create>>({
      query: (body) => routeArgs(create, { body }),
      invalidatesTags: ['ApiTokens'],
    }),
    revokeApiToken: build.mutation<void, string>({
      query: (id) => routeArgs(revoke, { params: { id } }),
      invalidatesTags: ['ApiTokens'],
    }),
  }),
});

export const { useListApiTokensQuery, useCreateApiTokenMutation, useRevokeApiTokenMutation } = apiTokensApi;
