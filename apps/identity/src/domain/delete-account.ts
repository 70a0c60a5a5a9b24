import { ACCOUNT_DELETED, ACCOUNT_DELETION_GRACE_DAYS, ACCOUNT_DELETION_REQUESTED, type ACCOUNT_LIFECYCLE_RPC, type TAccountDeletion } from '@ferry/contracts';
import { currentPasswordIncorrectError } from './account-lifecycle.errors';
import { addMs, DAY_MS, type IdentityDeps, type RpcRequest } from './identity.deps';
import { userNotFoundError } from './identity.errors';
import { verifyPassword } from './password-hash';
import { publishRevocations, revokeUserTokens } from './revoke-sessions';

const GRACE_MS = ACCOUNT_DELETION_GRACE_DAYS * DAY_MS;
/** Accounts purged per round of the purge job; the next round takes the rest. */
const PURGE_BATCH = 20;

/**
 * Schedules the account's purge 14 days from now (the password confirms it) and ends every session:
 * logging in again within the grace period cancels the deletion.
 */
export async function requestAccountDeletion(
  deps: IdentityDeps,
  request: RpcRequest<typeof ACCOUNT_LIFECYCLE_RPC.requestAccountDeletion>,
): Promise<TAccountDeletion> {
  const user = await deps.store.findUserById(request.userId);
  if (!user) throw userNotFoundError();
  if (!(await verifyPassword(user.passwordHash, request.password))) throw currentPasswordIncorrectError();
  const dueAt = await deps.store.transaction(async (tx) => {
    const now = deps.clock();
    const due = addMs(now, GRACE_MS);
    await tx.scheduleAccountDeletion(user.id, { requestedAt: now, dueAt: due });
    await tx.revokeUserRefreshTokens(user.id, now);
    await revokeUserTokens(deps, tx, user.id);
    await tx.emit(ACCOUNT_DELETION_REQUESTED, { userId: user.id, email: user.email, lang: request.lang ?? user.lang, deletionDueAt: due.toISOString() });
    return due;
  });
  await publishRevocations(deps);
  return { deletionDueAt: dueAt.toISOString() };
}

/**
 * Deletes the accounts whose grace period has ended: a team admin's members are detached first
 * (they keep their accounts and what they sent, on the Free plan), then every identity row of the
 * user goes and `evt.account.deleted` tells the other services to purge theirs. Answers how many.
 */
export async function purgeDueAccounts(deps: IdentityDeps): Promise<number> {
  let purged = 0;
  for (const userId of await deps.store.findDueAccountDeletions(deps.clock(), PURGE_BATCH)) {
    const done = await deps.store.transaction(async (tx) => {
      const now = deps.clock();
      const user = await tx.findUserById(userId, { forUpdate: true });
      const dueAt = user && (await tx.findAccountDeletionDue(user.id));
      // A login may have canceled it since the list was read.
      if (!user || !dueAt || dueAt.getTime() > now.getTime()) return false;
      const memberIds = await tx.detachTeamMembers(user.id, now);
      for (const memberId of memberIds) await revokeUserTokens(deps, tx, memberId);
      await tx.deleteAccountRows(user);
      await tx.emit(ACCOUNT_DELETED, { userId: user.id, email: user.email, memberIds, at: now.toISOString() });
      return true;
    });
    if (done) purged += 1;
  }
  if (purged > 0) await publishRevocations(deps);
  return purged;
}
