import { z } from 'zod';
import { defineEvent, ZEventBase } from '../messaging/define-event';
import { ZLang } from '../identity/identity.schemas';
import { ZPublicBranding } from '../identity/branding.schemas';

/**
 * Someone downloaded from a transfer: one file (its name) or all of them as a ZIP
 * (`fileName` is then the transfer's first file name and `all` is true).
 * `ownerId` is the sender's user id (the team admin's for a member's transfer), null for
 * anonymous senders, who are told by mail only.
 */
export const ZTransferDownloaded = ZEventBase.extend({
  downloadId: z.string(),
  transferId: z.string(),
  slug: z.string(),
  ownerId: z.string().nullable(),
  senderId: z.string().nullable(),
  senderEmail: z.string().nullable(),
  senderLang: ZLang,
  fileName: z.string(),
  all: z.boolean(),
  /** The recipient the link was sent to, when the download came through a per-recipient link. */
  receiverEmail: z.string().nullable(),
  /** The client address as the gateway resolved it (trusted proxies only); null when unknown. */
  ip: z.string().nullable(),
  downloadedAt: z.string(),
});
export type TTransferDownloaded = z.infer<typeof ZTransferDownloaded>;
export const TRANSFER_DOWNLOADED = defineEvent('evt.transfer.downloaded', 1, ZTransferDownloaded);

/** Files arrived through a file request (`/r/{slug}`); the requester is told in the feed and by mail. */
export const ZRequestUploaded = ZEventBase.extend({
  requestId: z.string(),
  slug: z.string(),
  title: z.string(),
  ownerId: z.string(),
  ownerEmail: z.string(),
  ownerLang: ZLang,
  fileNames: z.array(z.string()).min(1),
  uploaderEmail: z.string().nullable(),
  ip: z.string().nullable(),
  uploadedAt: z.string(),
});
export type TRequestUploaded = z.infer<typeof ZRequestUploaded>;
export const REQUEST_UPLOADED = defineEvent('evt.request.uploaded', 1, ZRequestUploaded);

const ZMailRecipient = z.object({ email: z.string(), name: z.string().nullable(), link: z.string() });

/**
 * A transfer went live. In email mode the mail service sends the download email to each
 * recipient with their own link (downloads through it are attributed to them).
 */
export const ZTransferCreated = ZEventBase.extend({
  transferId: z.string(),
  slug: z.string(),
  sendAs: z.enum(['link', 'email']),
  ownerId: z.string().nullable(),
  senderId: z.string().nullable(),
  senderEmail: z.string().nullable(),
  senderName: z.string().nullable(),
  lang: ZLang,
  message: z.string().nullable(),
  url: z.string(),
  recipients: z.array(ZMailRecipient),
  fileCount: z.number().int(),
  fileNames: z.array(z.string()),
  totalSize: z.string(),
  expiryDate: z.string(),
  hasPassword: z.boolean(),
  /** The sender's brand for the recipients' mails (absolute picture URLs); absent: Ferry's. */
  branding: ZPublicBranding.optional(),
});
export type TTransferCreated = z.infer<typeof ZTransferCreated>;
export const TRANSFER_CREATED = defineEvent('evt.transfer.created', 1, ZTransferCreated);

/**
 * A transfer's link needs the sender's say to live on: it expired (`reason: 'expired'`) or a
 * recipient asked for more time (`'requested'`). The mail carries the one-use extension link.
 */
export const ZTransferExtensionOffered = ZEventBase.extend({
  transferId: z.string(),
  slug: z.string(),
  reason: z.enum(['expired', 'requested']),
  requestedBy: z.string().nullable(),
  senderEmail: z.string(),
  lang: ZLang,
  fileName: z.string(),
  extensionToken: z.string(),
  expiredAt: z.string(),
});
export type TTransferExtensionOffered = z.infer<typeof ZTransferExtensionOffered>;
export const TRANSFER_EXTENSION_OFFERED = defineEvent('evt.transfer-extension.offered', 1, ZTransferExtensionOffered, { sealed: ['extensionToken'] });

/** A transfer was extended by 48 hours; recipients are told the new date. */
export const ZTransferExtended = ZEventBase.extend({
  transferId: z.string(),
  slug: z.string(),
  senderEmail: z.string().nullable(),
  lang: ZLang,
  recipients: z.array(ZMailRecipient),
  expiryDate: z.string(),
  /** The sender's company brand for the recipients' mails (absolute picture URLs); absent: Ferry's. */
  branding: ZPublicBranding.optional(),
  /** The owner (the team admin for a member's transfer): mail sends from the company's verified domain. */
  ownerId: z.string().nullable().optional(),
});
export type TTransferExtended = z.infer<typeof ZTransferExtended>;
export const TRANSFER_EXTENDED = defineEvent('evt.transfer.extended', 1, ZTransferExtended);
