import type { IDENTITY_RPC } from '@ferry/contracts';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import { publishRevocations, revokeSessionTokens } from './revoke-sessions';
import { isSecretTokenMatch, parseRefreshToken } from './secret-token';

/** Ends the session the refresh token belongs to (its whole family and its access tokens); an unknown token is not an error. */
export async function logout(deps: IdentityDeps, request: RpcRequest<typeof IDENTITY_RPC.logout>): Promise<Record<string, never>> {
  const parsed = request.refreshToken ? parseRefreshToken(request.refreshToken) : null;
  if (!parsed) return {};
  const now = deps.clock();
  const revoked = await deps.store.transaction(async (tx) => {
    const token = await tx.lockRefreshToken(parsed.id);
    if (!token || !isSecretTokenMatch(parsed.secret, token.tokenHash)) return false;
    await tx.revokeRefreshTokenFamily(token.familyId, now);
    await revokeSessionTokens(deps, tx, token.userId, token.familyId);
    return true;
  });
  if (revoked) await publishRevocations(deps);
  return {};
}
