import type { TCaller } from '@ferry/contracts';
import { storageOwnerId } from '@ferry/plans';
import type { TransfersDeps } from './transfers.deps';
import { notFoundError } from './transfers.errors';
import type { FileRequestRecord, TransferRecord } from './transfers.ports';

type Sharing = Pick<TransferRecord, 'senderId' | 'ownerId' | 'shareWith'>;

/** Who may see a transfer in the dashboard: its sender, the team admin whose root holds it, the members it is shared with. */
export function canView(transfer: Sharing, caller: TCaller): boolean {
  return canManage(transfer, caller) || transfer.shareWith.includes(caller.sub);
}

/** Who may change or delete it: its sender and the team admin. */
export function canManage(transfer: Pick<TransferRecord, 'senderId' | 'ownerId'>, caller: TCaller): boolean {
  return transfer.senderId === caller.sub || transfer.ownerId === caller.sub;
}

/** The account whose storage and dashboard root a signed-in sender writes to. */
export function ownerIdOf(caller: TCaller): string {
  return storageOwnerId(caller);
}

/** A transfer the caller may change or delete, or 404 (the same answer for someone else's and for none). */
export async function findManageableTransfer(deps: TransfersDeps, caller: TCaller, slug: string): Promise<TransferRecord> {
  const transfer = await deps.store.findTransferBySlug(slug);
  if (!transfer || !canManage(transfer, caller)) throw notFoundError();
  return transfer;
}

/** A live transfer the caller may see, or 404. */
export async function findVisibleTransfer(deps: TransfersDeps, caller: TCaller, slug: string): Promise<TransferRecord> {
  const transfer = await deps.store.findTransferBySlug(slug);
  if (!transfer || transfer.status !== 'live' || !canView(transfer, caller)) throw notFoundError();
  return transfer;
}

/** A request the caller may manage (its requester, or the team admin whose storage holds it), or 404 for anyone else. */
export async function findOwnedRequest(deps: TransfersDeps, caller: TCaller, slug: string): Promise<FileRequestRecord> {
  const request = await deps.store.findRequestBySlug(slug);
  if (!request || (request.requesterId !== caller.sub && request.ownerId !== caller.sub)) throw notFoundError();
  return request;
}
