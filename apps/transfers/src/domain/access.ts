import { AppError, type TAccessClaims } from '@ferry/contracts';
import { storageOwnerId } from '@ferry/plans';
import type { TransferRow } from '../store/transfers.store';

/** The same answer for "does not exist" and "not yours": nobody learns another account's slugs. */
export const notFound = () => new AppError('NOT_FOUND', { message: 'Nothing to see here' });

/** Who may see a transfer in the dashboard: its sender, the team admin whose root holds it, the members it is shared with. */
export function canView(row: TransferRow, caller: TAccessClaims): boolean {
  return row.sender_id === caller.sub || row.owner_id === caller.sub || row.share_with.includes(caller.sub);
}

/** Who may change or delete it: its sender and the team admin. */
export function canManage(row: TransferRow, caller: TAccessClaims): boolean {
  return row.sender_id === caller.sub || row.owner_id === caller.sub;
}

/** The account whose storage and dashboard root a signed-in sender writes to. */
export function ownerIdOf(caller: TAccessClaims): string {
  return storageOwnerId(caller);
}
