import { z } from 'zod';
import { ZPublicBranding } from '../identity/branding.schemas';
import { ZLang } from '../identity/identity.schemas';
import { defineEvent, ZEventBase } from '../messaging/define-event';

/**
 * A day before an email-mode transfer's link expires, its recipients who have not downloaded yet
 * are reminded (the sender's "mail recipients a reminder" setting is on). Written once per transfer.
 */
export const ZTransferExpiryReminderDue = ZEventBase.extend({
  transferId: z.string(),
  slug: z.string(),
  senderEmail: z.string().nullable(),
  senderName: z.string().nullable(),
  lang: ZLang,
  fileCount: z.number().int(),
  fileNames: z.array(z.string()),
  expiryDate: z.string(),
  recipients: z.array(z.object({ email: z.string(), name: z.string().nullable(), link: z.string() })).min(1),
  /** The sender's company brand for the recipients' mail (absolute picture URLs); absent: Ferry's. */
  branding: ZPublicBranding.optional(),
  /** The owner (the team admin for a member's transfer): mail sends from the company's verified domain. */
  ownerId: z.string().nullable().optional(),
});
export type TTransferExpiryReminderDue = z.infer<typeof ZTransferExpiryReminderDue>;
export const TRANSFER_EXPIRY_REMINDER_DUE = defineEvent('evt.transfer.expiry-reminder-due', 1, ZTransferExpiryReminderDue);
