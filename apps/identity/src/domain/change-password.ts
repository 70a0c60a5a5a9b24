import type { ACCOUNT_LIFECYCLE_RPC } from '@ferry/contracts';
import { currentPasswordIncorrectError } from './account-lifecycle.errors';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import { userNotFoundError } from './identity.errors';
import { hashPassword, verifyPassword } from './password-hash';
import { publishRevocations, revokeSessionTokens } from './revoke-sessions';

/**
 * A new password, the current one required. Every other session ends (its refresh family is
 * revoked and its access tokens are refused at once); the session that changed it stays.
 */
export async function changePassword(
  deps: IdentityDeps,
  request: RpcRequest<typeof ACCOUNT_LIFECYCLE_RPC.changePassword>,
): Promise<Record<string, never>> {
  const user = await deps.store.findUserById(request.userId);
  if (!user) throw userNotFoundError();
  if (!(await verifyPassword(user.passwordHash, request.currentPassword))) throw currentPasswordIncorrectError();
  const passwordHash = await hashPassword(request.newPassword);
  await deps.store.transaction(async (tx) => {
    const now = deps.clock();
    await tx.setPasswordHash(user.id, passwordHash, now);
    await tx.usePasswordResets(user.id, now);
    for (const sessionId of await tx.listOpenSessionIds(user.id, now)) {
      if (sessionId === request.sessionId) continue;
      await tx.revokeRefreshTokenFamily(sessionId, now);
      await revokeSessionTokens(deps, tx, user.id, sessionId);
    }
  });
  await publishRevocations(deps);
  return {};
}
