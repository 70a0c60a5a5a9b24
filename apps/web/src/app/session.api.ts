import {
  ACCOUNT_ROUTES,
  AUTH_ROUTES,
  ZSessionResponse,
  type THttpRequestBody,
  type THttpResponse,
} from '@ferry/contracts';
import { api } from './api';
import { routeArgs } from './route-args';
import { signedIn, signedOut } from './session.slice';

const { login, signup, logout, requestEmailCode, verifyEmailCode, requestPasswordReset, checkPasswordReset, resetPassword } = AUTH_ROUTES;

/** Accounts and sessions: login, signup, email codes, password resets, logout, profile. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<THttpResponse<typeof login>, THttpRequestBody<typeof login>>({
      query: (body) => routeArgs(login, { body }),
      transformResponse: (raw) => ZSessionResponse.parse(raw),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // A failed login is the caller's to show; caught here so it is not also an unhandled rejection.
        const result = await queryFulfilled.catch(() => null);
        if (!result) return;
        dispatch(api.util.resetApiState());
        dispatch(signedIn(result.data));
      },
    }),
    signup: build.mutation<THttpResponse<typeof signup>, THttpRequestBody<typeof signup>>({
      query: (body) => routeArgs(signup, { body }),
      transformResponse: (raw) => ZSessionResponse.parse(raw),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(signedIn(result.data));
      },
    }),
    logout: build.mutation<THttpResponse<typeof logout>, void>({
      query: () => routeArgs(logout, {}),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        dispatch(signedOut());
        dispatch(api.util.resetApiState());
      },
    }),
    requestEmailCode: build.mutation<THttpResponse<typeof requestEmailCode>, THttpRequestBody<typeof requestEmailCode>>({
      query: (body) => routeArgs(requestEmailCode, { body }),
    }),
    verifyEmailCode: build.mutation<THttpResponse<typeof verifyEmailCode>, THttpRequestBody<typeof verifyEmailCode>>({
      query: (body) => routeArgs(verifyEmailCode, { body }),
    }),
    requestPasswordReset: build.mutation<THttpResponse<typeof requestPasswordReset>, THttpRequestBody<typeof requestPasswordReset>>({
      query: (body) => routeArgs(requestPasswordReset, { body }),
    }),
    /** True when the token is usable (202); a 404 is an answer here, not an error. */
    checkResetToken: build.query<boolean, string>({
      query: (token) => ({ ...routeArgs(checkPasswordReset, { params: { token } }), validateStatus: () => true }),
      transformResponse: (_raw, meta) => (meta as { response?: Response } | undefined)?.response?.status === checkPasswordReset.status,
    }),
    resetPassword: build.mutation<THttpResponse<typeof resetPassword>, { token: string } & THttpRequestBody<typeof resetPassword>>({
      query: ({ token, password }) => routeArgs(resetPassword, { params: { token }, body: { password } }),
    }),
    me: build.query<THttpResponse<typeof ACCOUNT_ROUTES.getMe>, void>({
      query: () => routeArgs(ACCOUNT_ROUTES.getMe, {}),
      providesTags: ['Me'],
    }),
  }),
});

export const {
  useLoginMutation,
  useSignupMutation,
  useLogoutMutation,
  useRequestEmailCodeMutation,
  useVerifyEmailCodeMutation,
  useRequestPasswordResetMutation,
  useCheckResetTokenQuery,
  useResetPasswordMutation,
  useMeQuery,
} = sessionApi;
