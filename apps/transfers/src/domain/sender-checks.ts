import { IDENTITY_RPC, STORAGE_RPC, type TCaller } from '@ferry/contracts';
import { blockedNotice, blockedReason, checkStorage, isMonthlyCapReached } from '@ferry/plans';
import { ownerIdOf } from './access';
import type { TransfersDeps } from './transfers.deps';
import { monthlyLimitError, sendingBlockedError, shareOutsideTeamError } from './transfers.errors';

/** The first moment of the caller's calendar month (UTC). */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * A signed-in sender's blocks, most serious first: suspended (`revoke`), unpaid, cancelled,
 * storage full (usage counts for the team admin), then the free role's 10 transfers a month.
 */
export async function checkSenderMaySend(deps: TransfersDeps, caller: TCaller): Promise<void> {
  const { bytes } = await deps.bus.request(STORAGE_RPC.getUsage, { ownerId: ownerIdOf(caller) });
  const reason = blockedReason({ status: caller.status, storageState: checkStorage(caller.role, bytes) });
  if (reason) throw sendingBlockedError(blockedNotice(reason, caller.role));
  const sentThisMonth = await deps.store.countTransfersSentSince(caller.sub, monthStart(deps.clock()));
  if (isMonthlyCapReached(caller.role, sentThisMonth)) throw monthlyLimitError();
}

/** Share-with ids must be members of the caller's team (the sender excluded). */
export async function checkShareWith(deps: TransfersDeps, caller: TCaller, shareWith: string[] | undefined): Promise<string[]> {
  const ids = [...new Set(shareWith ?? [])].filter((id) => id !== caller.sub);
  if (ids.length === 0) return [];
  const team = await deps.bus.request(IDENTITY_RPC.getTeam, { userId: ownerIdOf(caller) });
  const allowed = new Set([team.adminId, ...team.members.map((m) => m.id)]);
  if (ids.some((id) => !allowed.has(id))) throw shareOutsideTeamError();
  return ids;
}
