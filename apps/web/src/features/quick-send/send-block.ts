import type { TUsage, TUser } from '@ferry/contracts';
import { blockedReason } from '@ferry/plans';

/**
 * What keeps a signed-in user from sending, as the free-limit screen names it: the server's
 * answer (`GET /me/usage`: status, full storage, the free plan's monthly cap) once it is known,
 * else what the session's status alone says. Adding files to a live transfer is not a new
 * transfer, so the monthly cap does not stop it.
 */
export function sendBlockOf(usage: TUsage | undefined, status: TUser['status'], options: { isAddingFiles: boolean }): string | null {
  const reason = usage?.blocked?.reason;
  if (reason === 'monthlyLimit') return options.isAddingFiles ? null : 'MONTHLY_LIMIT_REACHED';
  if (reason) return reason;
  return blockedReason({ status, storageState: usage?.storage.state ?? 'ok' });
}
