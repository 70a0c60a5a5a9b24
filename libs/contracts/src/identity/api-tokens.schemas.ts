import { z } from 'zod';
import { ZLine } from '../text/text.schemas';

/**
 * Every personal access token starts with this, so a token pasted in a log or a repository is
 * recognised as Ferry's (and the gateway tells it from a session's JWT without parsing it).
 */
export const API_TOKEN_PREFIX = 'fy_pat_';
/** `fy_pat_` and 43 base64url characters (32 random bytes). */
export const API_TOKEN_PATTERN = /^fy_pat_[A-Za-z0-9_-]{43}$/;

/**
 * The lifetimes a token may be given, in days. No token lives forever: a token left in a CI log
 * or an old script stops working by itself within a year at most.
 */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const DEFAULT_API_TOKEN_EXPIRY_DAYS = 90;
/** Active (not revoked) tokens one user may hold. */
export const MAX_API_TOKENS_PER_USER = 20;

export const ZApiTokenExpiryDays = z.literal(API_TOKEN_EXPIRY_DAYS);
export type TApiTokenExpiryDays = z.infer<typeof ZApiTokenExpiryDays>;
export const ZApiTokenName = ZLine.min(1, 'Give the token a name').max(64);

export const ZCreateApiTokenBody = z.strictObject({ name: ZApiTokenName, expiresInDays: ZApiTokenExpiryDays });
export type TCreateApiTokenBody = z.input<typeof ZCreateApiTokenBody>;

/** A token as its owner sees it in the list: never the token itself (only its hash is kept). */
export const ZApiToken = z.object({
  id: z.string(),
  name: z.string(),
  /** The prefix and the first 4 characters of the secret (`fy_pat_Ab3x`), to tell tokens apart. */
  hint: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type TApiToken = z.infer<typeof ZApiToken>;
export const ZApiTokenList = z.object({ tokens: z.array(ZApiToken) });
export type TApiTokenList = z.infer<typeof ZApiTokenList>;
/** The answer to a creation: the only time the token is ever shown. */
export const ZCreatedApiToken = ZApiToken.extend({ token: z.string() });
export type TCreatedApiToken = z.infer<typeof ZCreatedApiToken>;
