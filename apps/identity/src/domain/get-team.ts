import type { IDENTITY_RPC, TTeam } from '@ferry/contracts';
import { teamAdminOf } from '@ferry/plans';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import { userNotFoundError } from './identity.errors';
import { teamSizeLimit } from './team.rules';

/** The caller's team: their own as an admin, their admin's as a member. */
export async function getTeam(deps: IdentityDeps, request: RpcRequest<typeof IDENTITY_RPC.getTeam>): Promise<TTeam> {
  const caller = await deps.store.findUserById(request.userId);
  if (!caller) throw userNotFoundError();
  const adminId = teamAdminOf(caller);
  const admin = adminId ? await deps.store.findUserById(adminId) : caller;
  if (!admin) throw userNotFoundError();

  const [members, invites] = await Promise.all([
    deps.store.listTeamMembers(admin.id),
    deps.store.listPendingInvites(admin.id, deps.clock()),
  ]);
  return {
    adminId: admin.id,
    company: admin.company,
    limit: teamSizeLimit(admin),
    members: members.map((member) => ({
      id: member.id,
      email: member.email,
      fullName: member.fullName,
      profilePic: member.profilePic,
      // A member exists only once they accepted the invite and chose a password.
      finishedOnboarding: true,
      joinedAt: member.createdAt.toISOString(),
    })),
    // Invites are the admin's business; a member sees who is in the team (to share with), not who is asked.
    pendingInvites: caller.isTeamMember
      ? []
      : invites.map((invite) => ({
          id: invite.id,
          email: invite.email,
          createdAt: invite.createdAt.toISOString(),
          expiresAt: invite.expiresAt.toISOString(),
          lastSentAt: (invite.lastSentAt ?? invite.createdAt).toISOString(),
        })),
  };
}
