import { randomUUID } from 'node:crypto';
import { TEAM_INVITE_CREATED, type IDENTITY_RPC, type TLang } from '@ferry/contracts';
import { addMs, type IdentityDeps, type RpcRequest } from './identity.deps';
import { emailTakenError, teamLimitReachedError } from './identity.errors';
import type { IdentityTx, UserRecord } from './identity.ports';
import { createSecretToken, hashSecretToken } from './secret-token';
import { loadTeamAdmin } from './team-admin';
import { seatsTaken, TEAM_INVITE_TTL_MS, teamSizeLimit } from './team.rules';

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
    const admin = await loadTeamAdmin(tx, request.userId, { forUpdate: true });
    if (await tx.findUserByEmail(request.email)) throw emailTakenError();

    await tx.withdrawPendingInvites(admin.id, request.email, now);
    const limit = teamSizeLimit(admin);
    const members = await tx.listTeamMembers(admin.id);
    const pending = await tx.listPendingInvites(admin.id, now);
    if (seatsTaken({ members: members.length, pendingInvites: pending.length + 1 }) > limit) throw teamLimitReachedError(limit);

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
    await mailInvite(tx, admin, { inviteId, token, email: request.email, lang: request.lang, expiresAt });
    return { id: inviteId, email: request.email, expiresAt: expiresAt.toISOString() };
  });
}

/** The fact the mail service turns into the invite mail; the link's secret travels only in this event. */
export async function mailInvite(
  tx: IdentityTx,
  admin: UserRecord,
  invite: { inviteId: string; token: string; email: string; lang: TLang | undefined; expiresAt: Date },
): Promise<void> {
  await tx.emit(TEAM_INVITE_CREATED, {
    inviteId: invite.inviteId,
    inviteToken: invite.token,
    email: invite.email,
    adminId: admin.id,
    adminName: admin.fullName,
    adminEmail: admin.email,
    company: admin.company,
    lang: invite.lang ?? admin.lang,
    expiresAt: invite.expiresAt.toISOString(),
  });
}
