import type { IDENTITY_RPC } from '@ferry/contracts';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import { inviteNotFoundError } from './identity.errors';
import { loadTeamAdmin } from './team-admin';
import { isInvitePending } from './team.rules';

/** The admin takes back a pending invite: its link fails from now on and its seat is free. */
export async function revokeInvite(deps: IdentityDeps, request: RpcRequest<typeof IDENTITY_RPC.revokeInvite>): Promise<Record<string, never>> {
  const now = deps.clock();
  await deps.store.transaction(async (tx) => {
    const admin = await loadTeamAdmin(tx, request.userId);
    const invite = await tx.findInviteById(request.inviteId, { forUpdate: true });
    // Another admin's invite is reported as missing, not as forbidden: ids are not confirmed to strangers.
    if (!isInvitePending(invite, now) || invite.adminId !== admin.id) throw inviteNotFoundError();
    await tx.withdrawInvite(invite.id, now);
  });
  return {};
}
