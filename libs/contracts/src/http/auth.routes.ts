import { z } from 'zod';
import {
  ZLoginBody,
  ZPasswordResetBody,
  ZPasswordResetRequestBody,
  ZRequestEmailCodeBody,
  ZSessionResponse,
  ZSignupBody,
  ZVerifyEmailCodeBody,
  ZVerifyEmailCodeResponse,
} from '../identity/identity.schemas';
import { ZLine } from '../text/text.schemas';
import { defineHttpRoute } from './define-http-route';

/** Any token shape reaches identity, which answers 404 RESET_TOKEN_INVALID for a bad one, as the contract says. */
export const ZResetTokenParams = z.object({ token: ZLine.max(256) });

/** The identity rows of the public API table: email codes, signup, login, the session cookie, password resets. */
export const AUTH_ROUTES = {
  requestEmailCode: defineHttpRoute({
    method: 'post', path: '/auth/email-codes', tag: 'auth', auth: 'none', limit: 'auth',
    summary: 'Send a 5-digit code to an email (register, or verify a sender)',
    body: ZRequestEmailCodeBody, status: 202, errors: [400, 409, 429],
  }),
  verifyEmailCode: defineHttpRoute({
    method: 'post', path: '/auth/email-codes/verify', tag: 'auth', auth: 'none', limit: 'auth',
    summary: 'Check a code; sets the ferry_ev cookie that signup needs',
    body: ZVerifyEmailCodeBody, status: 200, response: ZVerifyEmailCodeResponse, errors: [400, 403, 429],
  }),
  signup: defineHttpRoute({
    method: 'post', path: '/auth/signup', tag: 'auth', auth: 'none', limit: 'auth',
    summary: 'Create an account (email verified first, by this browser: the ferry_ev cookie); sets the refresh cookie',
    body: ZSignupBody, status: 201, response: ZSessionResponse, errors: [400, 403, 409],
  }),
  login: defineHttpRoute({
    method: 'post', path: '/auth/login', tag: 'auth', auth: 'none', limit: 'auth',
    summary: 'Log in; sets the refresh cookie', body: ZLoginBody, status: 200, response: ZSessionResponse, errors: [400, 401, 429],
  }),
  refresh: defineHttpRoute({
    method: 'post', path: '/auth/refresh', tag: 'auth', auth: 'none',
    summary: 'Restore or renew the session from the refresh cookie (rotates it)', status: 200, response: ZSessionResponse, errors: [401],
  }),
  logout: defineHttpRoute({
    method: 'post', path: '/auth/logout', tag: 'auth', auth: 'none', summary: 'End the session and clear the cookie', status: 204,
  }),
  requestPasswordReset: defineHttpRoute({
    method: 'post', path: '/auth/password-resets', tag: 'auth', auth: 'none', limit: 'auth',
    summary: 'Mail a reset link; the same answer whether or not the email has an account',
    body: ZPasswordResetRequestBody, status: 202, errors: [400, 429],
  }),
  checkPasswordReset: defineHttpRoute({
    method: 'get', path: '/auth/password-resets/:token', tag: 'auth', auth: 'none', limit: 'auth',
    summary: 'Is this reset token usable? 202 yes, 404 no', params: ZResetTokenParams, status: 202, errors: [404],
  }),
  resetPassword: defineHttpRoute({
    method: 'post', path: '/auth/password-resets/:token', tag: 'auth', auth: 'none', limit: 'auth',
    summary: 'Set a new password; every session of the account ends', params: ZResetTokenParams,
    body: ZPasswordResetBody, status: 204, errors: [400, 404],
  }),
} as const;
