import { randomUUID } from 'node:crypto';
import { TEAM_INVITE_CREATED, type IDENTITY_RPC } from '@ferry/contracts';
import { addMs, type IdentityDeps, type RpcRequest } from './identity.deps';
import { emailTakenError, teamLimitReachedError, teamMembersCannotInviteError, userNotFoundError } from './identity.errors';
import { createSecretToken, hashSecretToken } from './secret-token';
import { TEAM_INVITE_TTL_MS, teamSizeLimit } from './team.rules';

export interface CreatedInvite {
  id: string;
  email: string;
  expiresAt: string;
}

/**
 * An admin invites someone by email. Members, pending invites and the admin must fit
 * the plan's team size. Inviting an address again replaces its pending invite.
 */
export async function inviteMember(
  deps: IdentityDeps,
  request: RpcRequest<typeof IDENTITY_RPC.inviteMember>,
): Promise<CreatedInvite> {
  const now = deps.clock();
  const token = createSecretToken();
  const expiresAt = addMs(now, TEAM_INVITE_TTL_MS);

  return deps.store.transaction(async (tx) => {
    // Locking the admin serialises their invites, so two at once cannot both take the last seat.
    const admin = await tx.findUserById(request.userId, { forUpdate: true });
    if (!admin) throw userNotFoundError();
    if (admin.isTeamMember) throw teamMembersCannotInviteError();
    if (await tx.findUserByEmail(request.email)) throw emailTakenError();

    await tx.withdrawPendingInvites(admin.id, request.email, now);
    const limit = teamSizeLimit(admin.role);
    const members = await tx.listTeamMembers(admin.id);
    const pending = await tx.listPendingInvites(admin.id, now);
    const teamSizeWithInvite = 1 + members.length + pending.length + 1;
    if (teamSizeWithInvite > limit) throw teamLimitReachedError(limit);

    const inviteId = randomUUID();
    await tx.insertInvite({
      id: inviteId,
      adminId: admin.id,
      email: request.email,
      tokenHash: hashSecretToken(token),
      createdAt: now,
      expiresAt,
      acceptedAt: null,
      withdrawnAt: null,
    });
    await tx.emit(TEAM_INVITE_CREATED, {
      inviteId,
      inviteToken: token,
      email: request.email,
      adminId: admin.id,
      adminName: admin.fullName,
      adminEmail: admin.email,
      company: admin.company,
      lang: request.lang ?? admin.lang,
      expiresAt: expiresAt.toISOString(),
    });
    return { id: inviteId, email: request.email, expiresAt: expiresAt.toISOString() };
  });
}
