import {
  AppError,
  IDENTITY_RPC,
  ZLoginBody,
  ZPasswordResetBody,
  ZPasswordResetRequestBody,
  ZRequestEmailCodeBody,
  ZSessionResponse,
  ZSignupBody,
  ZVerifyEmailCodeBody,
  ZVerifyEmailCodeResponse,
  ZLine,
} from '@ferry/contracts';
import type { Bus } from '@ferry/bus';
import type { Request } from 'express';
import { z } from 'zod';
import {
  clearRefreshCookie,
  clearVerificationCookie,
  readRefreshCookie,
  readVerificationCookie,
  sessionBody,
  setRefreshCookie,
  setVerificationCookie,
} from '../auth/refresh-cookie';
import { defineRoute, type RouteSpec } from './route-registry';

/** Any token shape reaches identity, which answers 404 RESET_TOKEN_INVALID for a bad one, as the contract says. */
const ZResetTokenParam = z.object({ token: ZLine.max(256) });

export interface RouteDeps {
  bus: Bus;
  secureCookies: boolean;
  rpcTimeoutMs: number;
}

export function clientInfo(req: Request): { ip?: string; userAgent?: string } {
  return { ip: req.ip?.slice(0, 64), userAgent: req.get('user-agent')?.slice(0, 512) };
}

/** The identity rows of the public API table. */
export function authRoutes({ bus, secureCookies }: RouteDeps): RouteSpec[] {
  return [
    defineRoute({
      method: 'post', path: '/auth/email-codes', tag: 'auth', auth: 'none', limit: 'auth',
      summary: 'Send a 5-digit code to an email (register, or verify a sender)',
      body: ZRequestEmailCodeBody, responses: { 202: null }, errors: [400, 409, 429],
      handler: async ({ body, req }) => {
        await bus.request(IDENTITY_RPC.requestEmailCode, { ...body, client: clientInfo(req) });
        return { status: 202 };
      },
    }),
    defineRoute({
      method: 'post', path: '/auth/email-codes/verify', tag: 'auth', auth: 'none', limit: 'auth',
      summary: 'Check a code; sets the ferry_ev cookie that signup needs', body: ZVerifyEmailCodeBody, responses: { 200: ZVerifyEmailCodeResponse }, errors: [400, 403, 429],
      handler: async ({ body, req, res }) => {
        const { ticket } = await bus.request(IDENTITY_RPC.verifyEmailCode, { ...body, client: clientInfo(req) });
        setVerificationCookie(res, ticket, secureCookies);
        return { status: 200, body: { verified: true } };
      },
    }),
    defineRoute({
      method: 'post', path: '/auth/signup', tag: 'auth', auth: 'none', limit: 'auth',
      summary: 'Create an account (email verified first, by this browser: the ferry_ev cookie); sets the refresh cookie',
      body: ZSignupBody, responses: { 201: ZSessionResponse }, errors: [400, 403, 409],
      handler: async ({ body, req, res }) => {
        const verificationTicket = readVerificationCookie(req);
        const session = await bus.request(IDENTITY_RPC.signup, { ...body, verificationTicket, client: clientInfo(req) });
        setRefreshCookie(res, session, secureCookies);
        clearVerificationCookie(res, secureCookies);
        return { status: 201, body: sessionBody(session) };
      },
    }),
    defineRoute({
      method: 'post', path: '/auth/login', tag: 'auth', auth: 'none', limit: 'auth',
      summary: 'Log in; sets the refresh cookie', body: ZLoginBody, responses: { 200: ZSessionResponse }, errors: [400, 401, 429],
      handler: async ({ body, req, res }) => {
        const session = await bus.request(IDENTITY_RPC.login, { ...body, client: clientInfo(req) });
        setRefreshCookie(res, session, secureCookies);
        return { status: 200, body: sessionBody(session) };
      },
    }),
    defineRoute({
      method: 'post', path: '/auth/refresh', tag: 'auth', auth: 'none',
      summary: 'Restore or renew the session from the refresh cookie (rotates it)', responses: { 200: ZSessionResponse }, errors: [401],
      handler: async ({ req, res }) => {
        const refreshToken = readRefreshCookie(req);
        if (!refreshToken) throw new AppError('REFRESH_INVALID', { message: 'No session' });
        try {
          const session = await bus.request(IDENTITY_RPC.refresh, { refreshToken, client: clientInfo(req) });
          setRefreshCookie(res, session, secureCookies);
          return { status: 200, body: sessionBody(session) };
        } catch (error) {
          if (error instanceof AppError && error.code === 'REFRESH_INVALID') clearRefreshCookie(res, secureCookies);
          throw error;
        }
      },
    }),
    defineRoute({
      method: 'post', path: '/auth/logout', tag: 'auth', auth: 'none',
      summary: 'End the session and clear the cookie', responses: { 204: null },
      handler: async ({ req, res }) => {
        await bus.request(IDENTITY_RPC.logout, { refreshToken: readRefreshCookie(req) });
        clearRefreshCookie(res, secureCookies);
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'post', path: '/auth/password-resets', tag: 'auth', auth: 'none', limit: 'auth',
      summary: 'Mail a reset link; the same answer whether or not the email has an account',
      body: ZPasswordResetRequestBody, responses: { 202: null }, errors: [400, 429],
      handler: async ({ body }) => {
        await bus.request(IDENTITY_RPC.requestPasswordReset, body);
        return { status: 202 };
      },
    }),
    defineRoute({
      method: 'get', path: '/auth/password-resets/:token', tag: 'auth', auth: 'none', limit: 'auth',
      summary: 'Is this reset token usable? 202 yes, 404 no', params: ZResetTokenParam,
      responses: { 202: null }, errors: [404],
      handler: async ({ params }) => {
        await bus.request(IDENTITY_RPC.checkPasswordReset, { token: (params as { token: string }).token });
        return { status: 202 };
      },
    }),
    defineRoute({
      method: 'post', path: '/auth/password-resets/:token', tag: 'auth', auth: 'none', limit: 'auth',
      summary: 'Set a new password; every session of the account ends', params: ZResetTokenParam,
      body: ZPasswordResetBody, responses: { 204: null }, errors: [400, 404],
      handler: async ({ params, body }) => {
        await bus.request(IDENTITY_RPC.resetPassword, { token: (params as { token: string }).token, password: body.password });
        return { status: 204 };
      },
    }),
  ];
}
