import { randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import type { TransfersDeps } from './transfers.deps';
import { passwordIncorrectError, tooManyPasswordsError } from './transfers.errors';
import type { PasswordAttemptRecord } from './transfers.ports';

const MINUTE_MS = 60_000;

/** How many wrong passwords a transfer takes, and how fast (README's security section quotes these). */
export const PASSWORD_LIMITS = {
  /** Wrong passwords one address may try on one transfer per window. */
  perAddress: 5,
  perAddressWindowMs: 15 * MINUTE_MS,
  /** Wrong passwords a transfer takes from all addresses per window; mailed recipients are exempt. */
  perTransfer: 20,
  perTransferWindowMs: 60 * MINUTE_MS,
  /** After an address's n-th wrong password (n ≥ 2, within its window) its next try waits base × 2^(n-2): one typo costs nothing. */
  backoffBaseMs: 1_000,
} as const;

/** Tries older than this count in no window. */
const HORIZON_MS = Math.max(PASSWORD_LIMITS.perAddressWindowMs, PASSWORD_LIMITS.perTransferWindowMs);

export interface PasswordCaller {
  /** The client address; '' when unknown (all unknown callers share one allowance). */
  ip: string;
  /** Came through a mailed recipient's own link of this transfer. */
  isRecipient: boolean;
}

/**
 * How long `caller` must wait before a password of this transfer is checked for them, given the
 * transfer's recent tries (wrong ones, oldest first); 0 when they may try now. A wait is never
 * ended by a right password: while it lasts, no password is checked at all.
 */
export function passwordWaitMs(attempts: ReadonlyArray<Pick<PasswordAttemptRecord, 'ip' | 'attemptedAt'>>, caller: PasswordCaller, now: Date): number {
  const at = now.getTime();
  const time = (row: { attemptedAt: Date }) => row.attemptedAt.getTime();
  const mine = attempts.filter((row) => row.ip === caller.ip && time(row) > at - PASSWORD_LIMITS.perAddressWindowMs);
  let until = 0;
  if (mine.length >= PASSWORD_LIMITS.perAddress) {
    until = time(mine[mine.length - PASSWORD_LIMITS.perAddress]!) + PASSWORD_LIMITS.perAddressWindowMs;
  } else if (mine.length >= 2) {
    until = time(mine[mine.length - 1]!) + PASSWORD_LIMITS.backoffBaseMs * 2 ** (mine.length - 2);
  }
  // The transfer-wide cap would let anyone lock the mailed recipients out; their own link is proof enough to keep trying.
  if (!caller.isRecipient) {
    const all = attempts.filter((row) => time(row) > at - PASSWORD_LIMITS.perTransferWindowMs);
    if (all.length >= PASSWORD_LIMITS.perTransfer) {
      until = Math.max(until, time(all[all.length - PASSWORD_LIMITS.perTransfer]!) + PASSWORD_LIMITS.perTransferWindowMs);
    }
  }
  return Math.max(0, until - at);
}

/**
 * Checks a transfer's password within the limits on guessing. The try is recorded as wrong before
 * the (slow) hash is checked, under the transfer's lock, so parallel guesses are counted as they
 * arrive on any replica; a right password removes its record again.
 */
export async function checkTransferPassword(
  deps: Pick<TransfersDeps, 'passwordAttempts' | 'clock'>,
  transfer: { id: string; passwordHash: string },
  password: string,
  caller: PasswordCaller,
): Promise<void> {
  const id = randomUUID();
  await deps.passwordAttempts.withPasswordLock(transfer.id, async (attempts) => {
    const now = deps.clock();
    const waitMs = passwordWaitMs(await attempts.attemptsSince(new Date(now.getTime() - HORIZON_MS)), caller, now);
    if (waitMs > 0) throw tooManyPasswordsError(waitMs);
    await attempts.insertAttempt({ id, transferId: transfer.id, ip: caller.ip, attemptedAt: now });
  });
  if (!(await verify(transfer.passwordHash, password))) throw passwordIncorrectError();
  await deps.passwordAttempts.deleteAttempt(id);
}

/** Drops tries older than every window (run by the periodic sweep). */
export async function forgetPasswordAttempts(deps: Pick<TransfersDeps, 'passwordAttempts' | 'clock'>): Promise<number> {
  return deps.passwordAttempts.deleteAttemptsBefore(new Date(deps.clock().getTime() - HORIZON_MS));
}
