import type { TIssuedSession } from '@ferry/contracts';
import type { Request, Response } from 'express';

export const REFRESH_COOKIE = 'ferry_rt';
/** The cookie goes only to the auth routes that need it. */
const COOKIE_PATH = '/api/v1/auth';

export function readRefreshCookie(req: Request): string | undefined {
  const value = (req.cookies as Record<string, string> | undefined)?.[REFRESH_COOKIE];
  return typeof value === 'string' && value.length > 0 && value.length <= 512 ? value : undefined;
}

export function setRefreshCookie(res: Response, session: TIssuedSession, secure: boolean): void {
  res.cookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: COOKIE_PATH,
    expires: new Date(session.refreshTokenExpiresAt),
  });
}

export function clearRefreshCookie(res: Response, secure: boolean): void {
  res.clearCookie(REFRESH_COOKIE, { httpOnly: true, secure, sameSite: 'strict', path: COOKIE_PATH });
}

/** The body a session route answers with: the refresh token never leaves in JSON. */
export function sessionBody(session: TIssuedSession): { accessToken: string; user: TIssuedSession['user']; notice?: TIssuedSession['notice'] } {
  return { accessToken: session.accessToken, user: session.user, ...(session.notice ? { notice: session.notice } : {}) };
}

/**
 * Proof that this browser verified the email: signup needs it (an address someone else verified
 * cannot be claimed), and so do anonymous email sends (`/transfers`), hence the wider path.
 */
export const VERIFICATION_COOKIE = 'ferry_ev';
const VERIFICATION_COOKIE_PATH = '/api/v1';
const VERIFICATION_TTL_MS = 24 * 3600_000;

export function setVerificationCookie(res: Response, ticket: string, secure: boolean): void {
  res.cookie(VERIFICATION_COOKIE, ticket, { httpOnly: true, secure, sameSite: 'strict', path: VERIFICATION_COOKIE_PATH, maxAge: VERIFICATION_TTL_MS });
}

export function readVerificationCookie(req: Request): string | undefined {
  const value = (req.cookies as Record<string, string> | undefined)?.[VERIFICATION_COOKIE];
  return typeof value === 'string' && value.length > 0 && value.length <= 256 ? value : undefined;
}

export function clearVerificationCookie(res: Response, secure: boolean): void {
  res.clearCookie(VERIFICATION_COOKIE, { httpOnly: true, secure, sameSite: 'strict', path: VERIFICATION_COOKIE_PATH });
}
