import {
  ZSessionResponse,
  type TSessionResponse,
  type TUser,
} from '@ferry/contracts';
import { api } from './api';
import { signedIn, signedOut } from './session.slice';

type CodePurpose = 'register' | 'send';

/** Accounts and sessions: login, signup, email codes, password resets, logout, profile. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TSessionResponse, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      transformResponse: (raw) => ZSessionResponse.parse(raw),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // A failed login is the caller's to show; caught here so it is not also an unhandled rejection.
        const result = await queryFulfilled.catch(() => null);
        if (!result) return;
        dispatch(api.util.resetApiState());
        dispatch(signedIn(result.data));
      },
    }),
    signup: build.mutation<TSessionResponse, { email: string; password: string; fullName?: string; company?: string; plan?: string; lang?: 'en' | 'zh' }>({
      query: (body) => ({ url: '/auth/signup', method: 'POST', body }),
      transformResponse: (raw) => ZSessionResponse.parse(raw),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(signedIn(result.data));
      },
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        dispatch(signedOut());
        dispatch(api.util.resetApiState());
      },
    }),
    requestEmailCode: build.mutation<void, { email: string; purpose: CodePurpose; lang?: 'en' | 'zh' }>({
      query: (body) => ({ url: '/auth/email-codes', method: 'POST', body }),
    }),
    verifyEmailCode: build.mutation<{ verified: true }, { email: string; code: string; purpose: CodePurpose }>({
      query: (body) => ({ url: '/auth/email-codes/verify', method: 'POST', body }),
    }),
    requestPasswordReset: build.mutation<void, { email: string; lang?: 'en' | 'zh' }>({
      query: (body) => ({ url: '/auth/password-resets', method: 'POST', body }),
    }),
    checkResetToken: build.query<boolean, string>({
      query: (token) => ({ url: `/auth/password-resets/${encodeURIComponent(token)}`, validateStatus: () => true }),
      transformResponse: (_raw, meta) => (meta as { response?: Response } | undefined)?.response?.status === 202,
    }),
    resetPassword: build.mutation<void, { token: string; password: string }>({
      query: ({ token, password }) => ({ url: `/auth/password-resets/${encodeURIComponent(token)}`, method: 'POST', body: { password } }),
    }),
    me: build.query<TUser, void>({
      query: () => '/me',
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
