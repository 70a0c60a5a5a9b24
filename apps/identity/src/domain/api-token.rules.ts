import { randomBytes, randomUUID } from 'node:crypto';
import { API_TOKEN_PREFIX, AppError, type TApiToken } from '@ferry/contracts';
import type { ApiTokenRecord } from './identity.ports';
import { hashSecretToken } from './secret-token';

/** A verified token's last use is written at most this often, however many calls it makes. */
export const LAST_USE_EVERY_MS = 60_000;
const HINT_SECRET_CHARS = 4;

/**
 * `fy_pat_` and 32 random bytes. Only its SHA-256 is stored: the token carries 256 bits of
 * randomness, so a fast hash is enough (nothing to guess), and the lookup by hash stays an index probe.
 */
export function createApiTokenSecret(): { id: string; token: string; tokenHash: string; hint: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { id: randomUUID(), token, tokenHash: hashSecretToken(token), hint: token.slice(0, API_TOKEN_PREFIX.length + HINT_SECRET_CHARS) };
}

export function apiTokenJson(record: ApiTokenRecord): TApiToken {
  return {
    id: record.id,
    name: record.name,
    hint: record.hint,
    createdAt: record.createdAt.toISOString(),
    lastUsedAt: record.lastUsedAt?.toISOString() ?? null,
    expiresAt: record.expiresAt.toISOString(),
  };
}

export const apiTokenInvalidError = () => new AppError('UNAUTHENTICATED', { message: 'This API token is not valid: it was revoked or never existed' });
export const apiTokenExpiredError = (expiresAt: Date) =>
  new AppError('UNAUTHENTICATED', { message: `This API token expired on ${expiresAt.toISOString().slice(0, 10)}; create a new one in Settings` });
export const apiTokenNotFoundError = () => new AppError('NOT_FOUND', { message: 'No such API token' });
export const apiTokenLimitError = (limit: number) =>
  new AppError('API_TOKEN_LIMIT_REACHED', { message: `You can have ${limit} API tokens at most; revoke one first`, details: { limit } });
