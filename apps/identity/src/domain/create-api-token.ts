import { MAX_API_TOKENS_PER_USER, type API_TOKEN_RPC, type TCreatedApiToken } from '@ferry/contracts';
import { apiTokenJson, apiTokenLimitError, createApiTokenSecret } from './api-token.rules';
import { addMs, DAY_MS, type IdentityDeps, type RpcRequest } from './identity.deps';
import { userNotFoundError } from './identity.errors';

/** A new token for the user; the answer is the only place the token itself ever appears. */
export async function createApiToken(deps: IdentityDeps, request: RpcRequest<typeof API_TOKEN_RPC.create>): Promise<TCreatedApiToken> {
  const now = deps.clock();
  return deps.store.transaction(async (tx) => {
    // Locks the user row, so two creations at once cannot both pass the count.
    const user = await tx.findUserById(request.userId, { forUpdate: true });
    if (!user) throw userNotFoundError();
    if ((await tx.countActiveApiTokens(user.id, now)) >= MAX_API_TOKENS_PER_USER) throw apiTokenLimitError(MAX_API_TOKENS_PER_USER);
    const secret = createApiTokenSecret();
    const record = {
      id: secret.id,
      userId: user.id,
      name: request.name,
      tokenHash: secret.tokenHash,
      hint: secret.hint,
      createdAt: now,
      expiresAt: addMs(now, request.expiresInDays * DAY_MS),
    };
    await tx.insertApiToken(record);
    return { ...apiTokenJson({ ...record, lastUsedAt: null, revokedAt: null }), token: secret.token };
  });
}
