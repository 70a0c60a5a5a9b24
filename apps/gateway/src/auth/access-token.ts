import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, API_TOKEN_PREFIX, AppError, ZAccessClaims, type TAccessClaims } from '@ferry/contracts';
import type { Request } from 'express';
import { jwtVerify } from 'jose';
import type { ApiTokenVerifier } from './api-tokens';
import type { SessionRevocations } from './session-revocations';

const SESSION_ENDED = 'Session expired, log in again';

/** Who a request comes from: a session's access token, or an API token (`apiTokenId` set; its scope is the route's to check). */
export interface TCaller {
  claims: TAccessClaims;
  apiTokenId: string | null;
}

/**
 * Reads `Authorization: Bearer <jwt>` or `Bearer fy_pat_…`. No header means an anonymous caller (null);
 * a header with a bad, expired, foreign or revoked token is a 401, never silently anonymous.
 */
export function createAuthenticator(
  secret: string,
  revocations: Pick<SessionRevocations, 'isRevoked'>,
  apiTokens?: ApiTokenVerifier,
): (req: Request) => Promise<TCaller | null> {
  const key = new TextEncoder().encode(secret);
  return async (req) => {
    const header = req.get('authorization');
    if (!header) return null;
    const match = /^Bearer ([A-Za-z0-9._-]{10,4096})$/.exec(header);
    if (!match) throw new AppError('UNAUTHENTICATED', { message: 'Malformed Authorization header' });
    const bearer = match[1] as string;
    if (bearer.startsWith(API_TOKEN_PREFIX)) {
      if (!apiTokens) throw new AppError('UNAUTHENTICATED', { message: 'API tokens are not accepted here' });
      const verified = await apiTokens.verify(bearer);
      return { claims: verified.claims, apiTokenId: verified.tokenId };
    }
    let claims: TAccessClaims;
    try {
      const { payload } = await jwtVerify(bearer, key, {
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        algorithms: ['HS256'],
      });
      claims = ZAccessClaims.parse(payload);
    } catch {
      throw new AppError('UNAUTHENTICATED', { message: SESSION_ENDED });
    }
    if (await revocations.isRevoked(claims)) throw new AppError('UNAUTHENTICATED', { message: SESSION_ENDED });
    return { claims, apiTokenId: null };
  };
}
