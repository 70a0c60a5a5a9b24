import { IDENTITY_RPC, STORAGE_RPC, type TCaller, type TSendBlock } from '@ferry/contracts';
import { blockedNotice, blockedReason, checkStorage, isMonthlyCapReached } from '@ferry/plans';
import { ownerIdOf } from './access';
import type { TransfersDeps } from './transfers.deps';
import { MONTHLY_LIMIT_NOTICE, monthlyLimitError, sendingBlockedError, shareOutsideTeamError } from './transfers.errors';

/** The first moment of the caller's calendar month (UTC). */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** What a signed-in sender has used and what, if anything, stops them sending now. */
export interface SenderStanding {
  /** Bytes stored in the account's storage (the team admin's for a member). */
  bytes: number;
  sentThisMonth: number;
  /** The most serious block, or null. */
  block: TSendBlock | null;
}

/**
 * A signed-in sender's blocks, most serious first: suspended (`revoke`), unpaid, cancelled,
 * storage full (usage counts for the team admin), then the free role's 10 transfers a month.
 */
export async function senderStanding(deps: TransfersDeps, caller: TCaller): Promise<SenderStanding> {
  const [{ bytes }, sentThisMonth] = await Promise.all([
    deps.bus.request(STORAGE_RPC.getUsage, { ownerId: ownerIdOf(caller) }),
    deps.store.countTransfersSentSince(caller.sub, monthStart(deps.clock())),
  ]);
  const reason = blockedReason({ status: caller.status, storageState: checkStorage(caller.role, bytes) });
  if (reason) return { bytes, sentThisMonth, block: blockedNotice(reason, caller.role) };
  return { bytes, sentThisMonth, block: isMonthlyCapReached(caller.role, sentThisMonth) ? { reason: 'monthlyLimit', ...MONTHLY_LIMIT_NOTICE } : null };
}

/** Refuses a sender that may not send now, with the block's own error. */
export async function checkSenderMaySend(deps: TransfersDeps, caller: TCaller): Promise<void> {
  const { block } = await senderStanding(deps, caller);
  if (!block) return;
  if (block.reason === 'monthlyLimit') throw monthlyLimitError();
  throw sendingBlockedError({ ...block, reason: block.reason });
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
