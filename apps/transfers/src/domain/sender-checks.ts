import { AppError, IDENTITY_RPC, STORAGE_RPC, type TAccessClaims } from '@ferry/contracts';
import { blockedNotice, blockedReason, checkStorage, isMonthlyCapReached, FREE_MONTHLY_TRANSFER_CAP, TRIAL_ACTION } from '@ferry/plans';
import { transfersTable } from '../store/transfers.store';
import { ownerIdOf } from './access';
import type { TransfersDeps } from './transfers.deps';

/** The first moment of the caller's calendar month (UTC). */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export async function transfersThisMonth(deps: TransfersDeps, senderId: string): Promise<number> {
  const [row] = await transfersTable(deps.db)
    .where({ sender_id: senderId })
    .where('date_sent', '>=', monthStart(deps.clock()))
    .count<{ n: string }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}

/**
 * A signed-in sender's blocks, most serious first: suspended (`revoke`), unpaid, cancelled,
 * storage full (usage counts for the team admin), then the free role's 10 transfers a month.
 */
export async function checkSenderMaySend(deps: TransfersDeps, caller: TAccessClaims): Promise<void> {
  const { bytes } = await deps.bus.request(STORAGE_RPC.getUsage, { ownerId: ownerIdOf(caller) });
  const reason = blockedReason({ status: caller.status, storageState: checkStorage(caller.role, bytes) });
  if (reason) {
    const notice = blockedNotice(reason, caller.role);
    throw new AppError(reason === 'suspended' ? 'ACCOUNT_SUSPENDED' : 'SENDING_BLOCKED', {
      message: notice.message,
      details: { reason, title: notice.title, action: notice.action },
    });
  }
  if (isMonthlyCapReached(caller.role, await transfersThisMonth(deps, caller.sub))) {
    throw new AppError('MONTHLY_LIMIT_REACHED', {
      message: `Free accounts can send ${FREE_MONTHLY_TRANSFER_CAP} transfers a month. Upgrade to keep sending.`,
      details: { title: 'Monthly limit reached', limit: FREE_MONTHLY_TRANSFER_CAP, action: TRIAL_ACTION },
    });
  }
}

/** Share-with ids must be members of the caller's team (the sender excluded). */
export async function checkShareWith(deps: TransfersDeps, caller: TAccessClaims, shareWith: string[] | undefined): Promise<string[]> {
  const ids = [...new Set(shareWith ?? [])].filter((id) => id !== caller.sub);
  if (ids.length === 0) return [];
  const team = await deps.bus.request(IDENTITY_RPC.getTeam, { userId: ownerIdOf(caller) });
  const allowed = new Set([team.adminId, ...team.members.map((m) => m.id)]);
  const strangers = ids.filter((id) => !allowed.has(id));
  if (strangers.length > 0) throw new AppError('VALIDATION_FAILED', { message: 'You can only share with members of your team', details: { field: 'shareWith' } });
  return ids;
}
