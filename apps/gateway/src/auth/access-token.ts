import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, AppError, ZAccessClaims, type TAccessClaims } from '@ferry/contracts';
import type { Request } from 'express';
import { jwtVerify } from 'jose';
import type { SessionRevocations } from './session-revocations';

const SESSION_ENDED = 'Session expired, log in again';

/**
 * Reads `Authorization: Bearer <jwt>`. No header means an anonymous caller (null);
 * a header with a bad, expired, foreign or revoked token is a 401, never silently anonymous.
 */
export function createAuthenticator(secret: string, revocations: Pick<SessionRevocations, 'isRevoked'>): (req: Request) => Promise<TAccessClaims | null> {
  const key = new TextEncoder().encode(secret);
  return async (req) => {
    const header = req.get('authorization');
    if (!header) return null;
    const match = /^Bearer ([A-Za-z0-9._-]{10,4096})$/.exec(header);
    if (!match) throw new AppError('UNAUTHENTICATED', { message: 'Malformed Authorization header' });
    let claims: TAccessClaims;
    try {
      const { payload } = await jwtVerify(match[1] as string, key, {
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        algorithms: ['HS256'],
      });
      claims = ZAccessClaims.parse(payload);
    } catch {
      throw new AppError('UNAUTHENTICATED', { message: SESSION_ENDED });
    }
    if (await revocations.isRevoked(claims)) throw new AppError('UNAUTHENTICATED', { message: SESSION_ENDED });
    return claims;
  };
}
