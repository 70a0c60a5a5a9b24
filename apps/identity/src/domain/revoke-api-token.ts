import type { API_TOKEN_RPC } from '@ferry/contracts';
import { apiTokenNotFoundError } from './api-token.rules';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import { publishRevocations, revokeSessionTokens } from './revoke-sessions';

/**
 * Revokes one of the user's tokens. A gateway may hold the token's claims for a few seconds, so
 * the revocation also goes out as a session revocation (sessionId = token id) and the answer waits
 * until it is on the bus: the token's next call is refused by every gateway.
 */
export async function revokeApiToken(deps: IdentityDeps, request: RpcRequest<typeof API_TOKEN_RPC.revoke>): Promise<Record<string, never>> {
  const revoked = await deps.store.transaction(async (tx) => {
    if (!(await tx.revokeApiToken(request.userId, request.tokenId, deps.clock()))) return false;
    await revokeSessionTokens(deps, tx, request.userId, request.tokenId);
    return true;
  });
  if (!revoked) throw apiTokenNotFoundError();
  await publishRevocations(deps);
  return {};
}
