import type { IDENTITY_RPC } from '@ferry/contracts';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import { resetTokenInvalidError } from './identity.errors';
import { hashPassword } from './password-hash';
import { isPasswordResetUsable } from './password-reset.rules';
import { publishRevocations, revokeUserTokens } from './revoke-sessions';
import { hashSecretToken } from './secret-token';

/**
 * Sets a new password with a reset token. In one transaction: the token and every other
 * open reset link of the user are used up, and every session of the user ends (refresh and access tokens).
 */
export async function resetPassword(
  deps: IdentityDeps,
  request: RpcRequest<typeof IDENTITY_RPC.resetPassword>,
): Promise<Record<string, never>> {
  const tokenHash = hashSecretToken(request.token);
  if (!isPasswordResetUsable(await deps.store.findPasswordReset(tokenHash), deps.clock())) throw resetTokenInvalidError();
  const passwordHash = await hashPassword(request.password);

  await deps.store.transaction(async (tx) => {
    const now = deps.clock();
    const reset = await tx.findPasswordReset(tokenHash, { forUpdate: true });
    if (!isPasswordResetUsable(reset, now)) throw resetTokenInvalidError();
    await tx.setPasswordHash(reset.userId, passwordHash, now);
    await tx.usePasswordResets(reset.userId, now);
    await tx.revokeUserRefreshTokens(reset.userId, now);
    await revokeUserTokens(deps, tx, reset.userId);
  });
  await publishRevocations(deps);
  return {};
}
