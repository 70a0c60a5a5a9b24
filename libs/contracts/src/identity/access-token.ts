import { z } from 'zod';

/** Claims of the short-lived access token that identity signs and the gateway checks. */
export const ZAccessClaims = z.object({
  sub: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  isTeamMember: z.boolean(),
  parentAdminId: z.string().nullable(),
});
export type TAccessClaims = z.infer<typeof ZAccessClaims>;
export const ACCESS_TOKEN_ISSUER = 'ferry-identity';
export const ACCESS_TOKEN_AUDIENCE = 'ferry-api';
