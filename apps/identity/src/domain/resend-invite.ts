import type { IDENTITY_RPC } from '@ferry/contracts';
import { addMs, type IdentityDeps, type RpcRequest } from './identity.deps';
import { inviteNotFoundError, inviteResendTooSoonError, teamLimitReachedError } from './identity.errors';
import type { CreatedInvite } from './invite-member';
import { mailInvite } from './invite-member';
import { secondsUntil } from './retry-after';
import { createSecretToken, hashSecretToken } from './secret-token';
import { loadTeamAdmin } from './team-admin';
import { inviteResendWaitMs, isInvitePending, seatsTaken, TEAM_INVITE_TTL_MS, teamSizeLimit } from './team.rules';

/**
 * Mails a pending invite again. Only the hash of a link is kept, so the mail carries a new link
 * (valid 7 days from now) and the old one stops working.
 */
export async function resendInvite(deps: IdentityDeps, request: RpcRequest<typeof IDENTITY_RPC.resendInvite>): Promise<CreatedInvite> {
  const now = deps.clock();
  return deps.store.transaction(async (tx) => {
    const admin = await loadTeamAdmin(tx, request.userId, { forUpdate: true });
    const invite = await tx.findInviteById(request.inviteId, { forUpdate: true });
    if (!isInvitePending(invite, now) || invite.adminId !== admin.id) throw inviteNotFoundError();
    const waitMs = inviteResendWaitMs(invite, now);
    if (waitMs > 0) throw inviteResendTooSoonError(secondsUntil(addMs(now, waitMs), now));
    // The plan may have shrunk since the invite was made: a link that could not be accepted is not sent.
    const limit = teamSizeLimit(admin);
    const [members, pending] = await Promise.all([tx.listTeamMembers(admin.id), tx.listPendingInvites(admin.id, now)]);
    if (seatsTaken({ members: members.length, pendingInvites: pending.length }) > limit) throw teamLimitReachedError(limit);

    const token = createSecretToken();
    const expiresAt = addMs(now, TEAM_INVITE_TTL_MS);
    await tx.renewInvite(invite.id, { tokenHash: hashSecretToken(token), expiresAt, sentAt: now });
    await mailInvite(tx, admin, { inviteId: invite.id, token, email: invite.email, lang: request.lang, expiresAt });
    return { id: invite.id, email: invite.email, expiresAt: expiresAt.toISOString() };
  });
}
