import { SignJWT } from 'jose';
import { entitledPlan } from '@ferry/plans';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type TAccessClaims } from '@ferry/contracts';
import type { IdentityKeys } from './identity-keys';
import type { UserRecord } from './identity.ports';

export function accessClaimsOf(user: UserRecord, sessionId: string): TAccessClaims {
  return {
    sub: user.id,
    email: user.email,
    // The plan whose limits apply: a paid plan only while trialing or active (billing says which).
    role: entitledPlan(user.role, user.status),
    status: user.status,
    isTeamMember: user.isTeamMember,
    parentAdminId: user.parentAdminId,
    sid: sessionId,
    ver: user.tokenVersion,
  };
}

/** A short-lived HS256 JWT the gateway checks without calling identity (and against the revocations it observed). */
export async function signAccessToken(
  keys: IdentityKeys,
  user: UserRecord,
  options: { now: Date; ttlSeconds: number; sessionId: string },
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  const expiresAtSeconds = issuedAt + options.ttlSeconds;
  const { sub, ...claims } = accessClaimsOf(user, options.sessionId);
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAtSeconds)
    .sign(keys.accessTokenSecret);
  return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
}
