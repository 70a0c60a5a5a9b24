import { AppError, type IDENTITY_RPC, type TInviteBatchResponse } from '@ferry/contracts';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import { inviteMember } from './invite-member';
import { loadTeamAdmin } from './team-admin';

/**
 * Several invites at once, one after the other, each checked against the team size as a single
 * invite is: the answer says per address whether it was invited or why not (the last seats go to
 * the first addresses). A member is refused the whole batch.
 */
export async function inviteMembers(
  deps: IdentityDeps,
  request: RpcRequest<typeof IDENTITY_RPC.inviteMembers>,
): Promise<TInviteBatchResponse> {
  await loadTeamAdmin(deps.store, request.userId);
  const results: TInviteBatchResponse['results'] = [];
  for (const email of new Set(request.emails)) {
    try {
      const invite = await inviteMember(deps, { userId: request.userId, email, lang: request.lang });
      results.push({ email, invite, error: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ email, invite: null, error: { code: error.code, message: error.message } });
    }
  }
  return { results };
}
