import { z } from 'zod';

/** Claims of the short-lived access token that identity signs and the gateway checks. */
export const ZAccessClaims = z.object({
  sub: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  isTeamMember: z.boolean(),
  parentAdminId: z.string().nullable(),
  /** The session (refresh-token family) the token belongs to: logging out of it ends the token too. */
  sid: z.string(),
  /** The user's token version when it was signed: a password reset, a role or team change raises it. */
  ver: z.number().int().nonnegative(),
});
export type TAccessClaims = z.infer<typeof ZAccessClaims>;
export const ACCESS_TOKEN_ISSUER = 'ferry-identity';
export const ACCESS_TOKEN_AUDIENCE = 'ferry-api';

/**
 * One revocation of access tokens before they expire: every token of `sessionId` (when set), or
 * every token of `userId` older than `minVersion` (when set). A gateway may forget it after
 * `expiresAt`, when no token it covers can still be valid.
 */
export const ZSessionRevocation = z.object({
  userId: z.string(),
  sessionId: z.string().nullable(),
  minVersion: z.number().int().nonnegative().nullable(),
  expiresAt: z.string(),
});
export type TSessionRevocation = z.infer<typeof ZSessionRevocation>;
