import type { IDENTITY_RPC } from '@ferry/contracts';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import { userNotFoundError } from './identity.errors';
import { publishRevocations, revokeUserTokens } from './revoke-sessions';
import { loadTeamAdmin } from './team-admin';

/**
 * An admin removes one of their members: the account goes and so do its sessions; the member's
 * open tabs are refused on their next call (the revocation reaches every gateway before this answers).
 */
export async function removeMember(
  deps: IdentityDeps,
  request: RpcRequest<typeof IDENTITY_RPC.removeMember>,
): Promise<Record<string, never>> {
  await deps.store.transaction(async (tx) => {
    await loadTeamAdmin(tx, request.userId);
    const member = await tx.findUserById(request.memberId, { forUpdate: true });
    // Someone else's member is reported as missing, not as forbidden: ids are not confirmed to strangers.
    if (!member || !member.isTeamMember || member.parentAdminId !== request.userId) throw userNotFoundError();
    await tx.deleteUserRefreshTokens(member.id);
    await revokeUserTokens(deps, tx, member.id);
    await tx.deleteUser(member.id);
  });
  await publishRevocations(deps);
  return {};
}
