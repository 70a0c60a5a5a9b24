import { API_TOKEN_PATTERN, type API_TOKEN_RPC, type TAccessClaims } from '@ferry/contracts';
import { accessClaimsOf } from './access-token';
import { apiTokenExpiredError, apiTokenInvalidError, LAST_USE_EVERY_MS } from './api-token.rules';
import { addMs, type IdentityDeps, type RpcRequest } from './identity.deps';
import { hashSecretToken, isSecretTokenMatch } from './secret-token';

/**
 * The gateway's check of a token: the owner's claims as they are now (plan, team), with the
 * token's id as the session. The last use is written at most once a minute per token.
 */
export async function verifyApiToken(
  deps: IdentityDeps,
  request: RpcRequest<typeof API_TOKEN_RPC.verify>,
): Promise<{ tokenId: string; claims: TAccessClaims; expiresAt: string }> {
  if (!API_TOKEN_PATTERN.test(request.token)) throw apiTokenInvalidError();
  const record = await deps.store.findApiTokenByHash(hashSecretToken(request.token));
  if (!record || record.revokedAt !== null || !isSecretTokenMatch(request.token, record.tokenHash)) throw apiTokenInvalidError();
  const now = deps.clock();
  if (record.expiresAt <= now) throw apiTokenExpiredError(record.expiresAt);
  const user = await deps.store.findUserById(record.userId);
  if (!user) throw apiTokenInvalidError();
  await deps.store.touchApiToken(record.id, now, addMs(now, -LAST_USE_EVERY_MS));
  return { tokenId: record.id, claims: accessClaimsOf(user, record.id), expiresAt: record.expiresAt.toISOString() };
}
