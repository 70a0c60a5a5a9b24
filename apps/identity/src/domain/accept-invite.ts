import { USER_REGISTERED, type IDENTITY_RPC, type TIssuedSession } from '@ferry/contracts';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import { inviteNotFoundError, teamLimitReachedError } from './identity.errors';
import { issueSession } from './issue-session';
import { hashPassword } from './password-hash';
import { registeredEventOf } from './registered-event';
import { hashSecretToken } from './secret-token';
import { isInvitePending, seatsTaken, teamSizeLimit } from './team.rules';

/**
 * The invited person sets a password and becomes a member of the admin's team, on the
 * admin's plan. The invite link proves the email, and it works once.
 */
export async function acceptInvite(
  deps: IdentityDeps,
  request: RpcRequest<typeof IDENTITY_RPC.acceptInvite>,
): Promise<TIssuedSession> {
  const tokenHash = hashSecretToken(request.inviteId);
  if (!isInvitePending(await deps.store.findInvite(tokenHash), deps.clock())) throw inviteNotFoundError();
  const passwordHash = await hashPassword(request.password);

  return deps.store.transaction(async (tx) => {
    const now = deps.clock();
    const invite = await tx.findInvite(tokenHash, { forUpdate: true });
    if (!isInvitePending(invite, now)) throw inviteNotFoundError();
    // Locked like a plan change locks it, so a member cannot join with the plan the admin just left.
    const admin = await tx.findUserById(invite.adminId, { forUpdate: true });
    if (!admin || admin.isTeamMember) throw inviteNotFoundError();
    const limit = teamSizeLimit(admin);
    const members = await tx.listTeamMembers(admin.id);
    if (seatsTaken({ members: members.length + 1, pendingInvites: 0 }) > limit) throw teamLimitReachedError(limit);

    const member = await tx.insertUser({
      email: invite.email,
      passwordHash,
      fullName: request.fullName || null,
      company: admin.company,
      region: admin.region,
      role: admin.role,
      status: admin.status,
      lang: admin.lang,
      loginCount: 1,
      isTeamMember: true,
      parentAdminId: admin.id,
      referrer: null,
      fingerprint: null,
      emailVerifiedAt: now,
      now,
    });
    await tx.markInviteAccepted(invite.id, member.id, now);
    await tx.emit(USER_REGISTERED, registeredEventOf(member));
    return issueSession(deps, tx, member, { client: request.client });
  });
}
