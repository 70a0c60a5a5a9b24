import { TRANSFER_EXPIRY_REMINDER_DUE } from '@ferry/contracts';
import type { TPublicBranding } from '@ferry/contracts';
import { absoluteBranding, ownerBranding, ownerLinkOrigin } from './sender-branding';
import { settingsOf } from './sender-settings';
import { recipientUrl } from './transfer-view';
import { DAY_MS, type TransfersDeps } from './transfers.deps';

/** Recipients are reminded this long before the link expires. */
export const REMIND_AHEAD_MS = DAY_MS;

/**
 * Part of the expiry sweep: each live email transfer entering its last day is decided once — when
 * its sender's "mail recipients a reminder" switch is on (asked now, so the current setting
 * counts), the recipients who have not downloaded get `evt.transfer.expiry-reminder-due`; otherwise
 * the decision is recorded without a mail. Answers how many reminders went out.
 */
export async function remindBeforeExpiry(deps: TransfersDeps, now: Date, batch: number): Promise<number> {
  let reminded = 0;
  const switches = new Map<string, boolean>();
  const brands = new Map<string, TPublicBranding>();
  for (const id of await deps.store.listReminderDue(now, REMIND_AHEAD_MS, batch)) {
    try {
      const transfer = await deps.store.findTransferById(id);
      if (!transfer?.senderId) continue;
      const isOn = switches.get(transfer.senderId) ?? (await settingsOf(deps, transfer.senderId)).transferSettings.remindRecipients;
      switches.set(transfer.senderId, isOn);
      // The company's brand, asked before the transaction (the owner's: a member's transfers carry the admin's).
      const brandOf = transfer.ownerId ?? '';
      const branding = isOn ? (brands.get(brandOf) ?? absoluteBranding(await ownerBranding(deps, transfer.ownerId), deps.publicUrl)) : undefined;
      if (branding) brands.set(brandOf, branding);
      const origin = isOn ? await ownerLinkOrigin(deps, transfer.ownerId) : deps.publicUrl;
      await deps.store.transaction(async (tx) => {
        const recipients = isOn ? await tx.recipientsNotDownloaded(id) : [];
        if (!(await tx.claimReminder(id, { isSent: recipients.length > 0, recipientCount: recipients.length, now }))) return;
        if (recipients.length === 0) return;
        const files = await tx.filesOf([id], { completeOnly: true });
        await tx.emit(TRANSFER_EXPIRY_REMINDER_DUE, {
          transferId: id,
          slug: transfer.slug,
          senderEmail: transfer.senderEmail,
          senderName: transfer.senderName,
          lang: transfer.lang,
          fileCount: files.length,
          fileNames: files.slice(0, 20).map((f) => (f.path ? `${f.path}/${f.name}` : f.name)),
          expiryDate: transfer.expiryDate.toISOString(),
          recipients: recipients.map((r) => ({ email: r.email, name: r.name, link: recipientUrl(origin, transfer.slug, r.token) })),
          branding,
          ownerId: transfer.ownerId,
        });
        reminded += 1;
      });
    } catch (error) {
      deps.log.warn({ err: error, transferId: id }, 'expiry reminder not decided; tried again on the next sweep');
    }
  }
  return reminded;
}
