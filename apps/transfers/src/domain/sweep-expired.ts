import { offerExtension } from './offer-extension';
import { purgeObjects } from './purge-objects';
import { remindBeforeExpiry } from './remind-before-expiry';
import { forgetPasswordAttempts } from './transfer-password';
import type { TransfersDeps } from './transfers.deps';

/** A transfer that just expired offers its sender an extension, once. */
async function offerExpiredExtensions(deps: TransfersDeps, now: Date, batch: number): Promise<number> {
  let offered = 0;
  for (const expired of await deps.store.listExpiredUnoffered(now, batch)) {
    await deps.store.transaction(async (tx) => {
      const locked = await tx.lockUnofferedTransfer(expired.id);
      if (!locked) return;
      await offerExtension(tx, locked, 'expired', null, now);
      // Marked even without a sender email, so it is not looked at again.
      if (!locked.senderEmail) await tx.updateTransfer(locked.id, { extensionOfferedAt: now });
      offered += 1;
    });
  }
  return offered;
}

/** A transfer expired longer than the grace period, or deleted, has its objects purged (never before). */
async function purgeDue(deps: TransfersDeps, now: Date, batch: number): Promise<number> {
  let purged = 0;
  for (const due of await deps.store.listPurgeDue(new Date(now.getTime() - deps.purgeGraceMs), batch)) {
    try {
      await purgeObjects(deps, due.id);
      purged += 1;
    } catch (error) {
      deps.log.warn({ err: error, transferId: due.id }, 'purge failed; retried on the next sweep');
    }
  }
  return purged;
}

/**
 * The expiry sweep (every EXPIRY_SWEEP_INTERVAL_MS): reminders to recipients a day before expiry,
 * extension offers for transfers that just expired, purges of those past the grace period or
 * deleted, and password tries older than every window forgotten.
 */
export async function sweepExpired(deps: TransfersDeps, batch = 200): Promise<{ offered: number; purged: number; reminded: number }> {
  const now = deps.clock();
  const reminded = await remindBeforeExpiry(deps, now, batch);
  const offered = await offerExpiredExtensions(deps, now, batch);
  const purged = await purgeDue(deps, now, batch);
  await forgetPasswordAttempts(deps);
  return { offered, purged, reminded };
}
