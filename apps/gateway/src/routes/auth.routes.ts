import { AppError, AUTH_ROUTES, IDENTITY_RPC } from '@ferry/contracts';
import type { Bus } from '@ferry/bus';
import type { TBillingConfig } from './billing-provider.routes';
import type { Request } from 'express';
import {
  clearRefreshCookie,
  clearVerificationCookie,
  readRefreshCookie,
  readVerificationCookie,
  sessionBody,
  setRefreshCookie,
  setVerificationCookie,
} from '../auth/refresh-cookie';
import { bindRoute, type BoundRoute } from './route-registry';

export interface RouteDeps {
  bus: Bus;
  secureCookies: boolean;
  /** The card form's provider and Stripe's publishable key (GET /billing/config); local when absent. */
  billing?: TBillingConfig;
}

export function clientInfo(req: Request): { ip?: string; userAgent?: string } {
  return { ip: req.ip?.slice(0, 64), userAgent: req.get('user-agent')?.slice(0, 512) };
}

/** The identity rows of the public API table (AUTH_ROUTES). */
export function authRoutes({ bus, secureCookies }: RouteDeps): BoundRoute[] {
  return [
    bindRoute(AUTH_ROUTES.requestEmailCode, async ({ body, req }) => {
      await bus.request(IDENTITY_RPC.requestEmailCode, { ...body, client: clientInfo(req) });
    }),
    bindRoute(AUTH_ROUTES.verifyEmailCode, async ({ body, req, res }) => {
      const { ticket } = await bus.request(IDENTITY_RPC.verifyEmailCode, { ...body, client: clientInfo(req) });
      setVerificationCookie(res, ticket, secureCookies);
      return { verified: true as const };
    }),
    bindRoute(AUTH_ROUTES.signup, async ({ body, req, res }) => {
      const verificationTicket = readVerificationCookie(req);
      const session = await bus.request(IDENTITY_RPC.signup, { ...body, verificationTicket, client: clientInfo(req) });
      setRefreshCookie(res, session, secureCookies);
      clearVerificationCookie(res, secureCookies);
      return sessionBody(session);
    }),
    bindRoute(AUTH_ROUTES.login, async ({ body, req, res }) => {
      const session = await bus.request(IDENTITY_RPC.login, { ...body, client: clientInfo(req) });
      setRefreshCookie(res, session, secureCookies);
      return sessionBody(session);
    }),
    bindRoute(AUTH_ROUTES.refresh, async ({ req, res }) => {
      const refreshToken = readRefreshCookie(req);
      if (!refreshToken) throw new AppError('REFRESH_INVALID', { message: 'No session' });
      try {
        const session = await bus.request(IDENTITY_RPC.refresh, { refreshToken, client: clientInfo(req) });
        setRefreshCookie(res, session, secureCookies);
        return sessionBody(session);
      } catch (error) {
        if (error instanceof AppError && error.code === 'REFRESH_INVALID') clearRefreshCookie(res, secureCookies);
        throw error;
      }
    }),
    bindRoute(AUTH_ROUTES.logout, async ({ req, res }) => {
      await bus.request(IDENTITY_RPC.logout, { refreshToken: readRefreshCookie(req) });
      clearRefreshCookie(res, secureCookies);
    }),
    bindRoute(AUTH_ROUTES.requestPasswordReset, async ({ body }) => {
      await bus.request(IDENTITY_RPC.requestPasswordReset, body);
    }),
    bindRoute(AUTH_ROUTES.checkPasswordReset, async ({ params }) => {
      await bus.request(IDENTITY_RPC.checkPasswordReset, { token: params.token });
    }),
    bindRoute(AUTH_ROUTES.resetPassword, async ({ params, body }) => {
      await bus.request(IDENTITY_RPC.resetPassword, { token: params.token, password: body.password });
    }),
  ];
}
