import { z } from 'zod';
import { ZEmail, ZLang } from '../identity/identity.schemas';
import { ZRegion } from '../regions.schemas';
import { MAX_OBJECT_BYTES, ZCompleteUpload, ZUploadGrant } from '../storage/storage.schemas';
import { ZFileName, ZFolderPath } from '../text/file-name.schemas';
import { ZLine, ZText } from '../text/text.schemas';
import { ZPublicBranding } from '../identity/branding.schemas';

/** A transfer's public id: 7 characters from a secure generator. */
export const ZSlug = z.string().regex(/^[A-Za-z0-9]{7}$/, 'must be 7 letters or digits');
export const MESSAGE_MAX = 280;
export const TRANSFER_PASSWORD_MIN = 4;
export const ZTransferPassword = ZText.min(TRANSFER_PASSWORD_MIN, 'Password has to be at least 4 characters').max(256);

/** One entry of a draft: a file, a voice memo or a recorded video; `path` is its folder inside the transfer. */
export const ZDraftFile = z.strictObject({
  name: ZFileName,
  size: z.number().int().min(0).max(MAX_OBJECT_BYTES),
  path: ZFolderPath.optional(),
  kind: z.enum(['file', 'voiceMemo', 'recordedVideo']).default('file'),
  contentType: ZLine.max(255).optional(),
});
export type TDraftFile = z.infer<typeof ZDraftFile>;

export const ZRecipient = z.strictObject({
  email: ZEmail,
  name: ZLine.trim().max(200).optional(),
  company: ZLine.trim().max(200).optional(),
});
export type TRecipient = z.infer<typeof ZRecipient>;

/** The quick-send draft (`POST /transfers`). */
export const ZTransferDraft = z.strictObject({
  sendAs: z.enum(['link', 'email']).default('email'),
  files: z.array(ZDraftFile).max(10_000).default([]),
  emailTo: z.array(z.union([ZEmail.transform((email) => ({ email })), ZRecipient])).max(1_000).default([]),
  senderEmail: ZEmail.optional(),
  senderName: ZLine.trim().max(200).optional(),
  message: ZText.max(MESSAGE_MAX, `Message has to be at most ${MESSAGE_MAX} characters`).optional(),
  /** One of the expiry choices in seconds (604800 by default), or 604801 with `expiryDate`. */
  expirySeconds: z.number().int().positive().optional(),
  /** Epoch ms of a custom expiry date (30 minutes to 1 year ahead). */
  expiryDate: z.number().int().positive().optional(),
  password: ZTransferPassword.optional(),
  region: ZRegion.optional(),
  /** Team member ids to share the transfer with. */
  shareWith: z.array(ZLine.min(1).max(64)).max(100).optional(),
  lang: ZLang.optional(),
});
export type TTransferDraft = z.input<typeof ZTransferDraft>;

export const ZTransferFile = z.object({
  id: z.string(),
  name: z.string(),
  path: z.string().nullable(),
  size: z.number().int(),
  kind: z.enum(['file', 'voiceMemo', 'recordedVideo']),
  contentType: z.string().nullable(),
});
export type TTransferFile = z.infer<typeof ZTransferFile>;

export const ZDroppedFile = z.object({ name: z.string(), path: z.string().nullable(), reason: z.enum(['insecureType', 'copyright', 'duplicate']), title: z.string() });
export type TDroppedFile = z.infer<typeof ZDroppedFile>;

export const ZCreatedTransfer = z.object({
  id: z.string(),
  slug: ZSlug,
  url: z.string(),
  status: z.enum(['uploading', 'live']),
  uploads: z.array(ZUploadGrant),
  /** Files the server removed (anonymous filters, duplicates), with the product's title for each. */
  dropped: z.array(ZDroppedFile),
  /** Recipients that became contacts (logged-in senders). */
  contacts: z.array(ZRecipient),
});
export type TCreatedTransfer = z.infer<typeof ZCreatedTransfer>;

export const ZCompleteTransferBody = z.strictObject({ uploads: z.array(ZCompleteUpload).max(10_000).default([]) });
export const ZCompletedTransfer = z.object({ slug: ZSlug, url: z.string() });

export const ZDownloadRecord = z.object({
  id: z.string(),
  fileId: z.string().nullable(),
  fileName: z.string(),
  all: z.boolean(),
  receiverEmail: z.string().nullable(),
  country_name: z.string(),
  countryCode: z.string(),
  city: z.string(),
  dlDate: z.string(),
});
export type TDownloadRecord = z.infer<typeof ZDownloadRecord>;

/** A transfer as the dashboard lists it (PRODUCT.md section 3, "Transfer (listed)"). */
export const ZTransferSummary = z.object({
  _id: z.string(),
  slug: ZSlug,
  url: z.string(),
  sendAs: z.enum(['link', 'email']),
  fileName: z.string(),
  fileNumber: z.number().int(),
  totalBytes: z.number().int(),
  size: z.string(),
  message: z.string().nullable(),
  emailTo: z.array(ZRecipient),
  senderId: z.string().nullable(),
  senderEmail: z.string().nullable(),
  dateSent: z.number().int(),
  expiryDate: z.number().int(),
  total_downloads: z.number().int(),
  /** The latest downloads (place and ISO date); `countryCode` is ISO 3166-1 alpha-2, or 'unknown'. */
  downloads: z.array(z.object({ country_name: z.string(), countryCode: z.string(), dlDate: z.string() })),
  hasPassword: z.boolean(),
  restricted: z.boolean(),
  state: z.enum(['active', 'expired']),
  unseen: z.boolean(),
  expiring: z.boolean(),
  shared: z.boolean(),
  region: ZRegion,
});
export type TTransferSummary = z.infer<typeof ZTransferSummary>;

export const ZTransferCounts = z.object({
  all: z.number().int(),
  active: z.number().int(),
  expired: z.number().int(),
  thisMonthsTransfers: z.number().int(),
  shared: z.number().int(),
});
export type TTransferCounts = z.infer<typeof ZTransferCounts>;

export const ZTransferFilter = z.enum(['all', 'active', 'expired', 'shared', 'unseen', 'expiring']);
export const ZTransferSort = z.enum(['lastModified', '-lastModified', 'name', '-name']);
export const ZTransferListQuery = z.object({
  filter: ZTransferFilter.default('all'),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(30),
  /** `lastModified` descending by default; a leading '-' is descending, `name` ascending. */
  sort: ZTransferSort.default('-lastModified'),
  search: ZText.trim().max(200).optional(),
});
export type TTransferListQuery = z.infer<typeof ZTransferListQuery>;
export const ZTransferList = z.object({ items: z.array(ZTransferSummary), counts: ZTransferCounts });
export type TTransferList = z.infer<typeof ZTransferList>;

export const ZTransferDetail = ZTransferSummary.extend({
  files: z.array(ZTransferFile),
  downloadLog: z.array(ZDownloadRecord),
  shareWith: z.array(z.string()),
});
export type TTransferDetail = z.infer<typeof ZTransferDetail>;

/** What the public download page gets (`GET /public/transfers/{slug}`). */
export const ZPublicTransfer = z.object({
  slug: ZSlug,
  files: z.array(ZTransferFile),
  totalBytes: z.number().int(),
  size: z.string(),
  message: z.string().nullable(),
  senderEmail: z.string().nullable(),
  senderName: z.string().nullable(),
  dateSent: z.number().int(),
  expiryDate: z.number().int(),
  region: ZRegion,
  hasPassword: z.boolean(),
  /** The recipient of a per-recipient link, when the link named one. */
  recipient: z.string().nullable(),
  /** The sender's company brand, within what its plan allows. */
  branding: ZPublicBranding.optional(),
});
export type TPublicTransfer = z.infer<typeof ZPublicTransfer>;

export const ZDownloadBody = z.union([
  z.strictObject({
    fileId: z.string().uuid(),
    recipient: ZLine.max(64).optional(),
    /** A URL to show an image or play a memo on the page: only for `previewKindOf` files, not recorded as a download. */
    preview: z.boolean().optional(),
  }),
  z.strictObject({ all: z.literal(true), recipient: ZLine.max(64).optional() }),
]);
export type TDownloadBody = z.infer<typeof ZDownloadBody>;
export const ZDownloadUrl = z.object({ url: z.string(), expiresAt: z.string() });

export const ZForwardBody = ZTransferDraft.omit({ files: true }).extend({ fileIds: z.array(z.string().uuid()).min(1).max(10_000) });
export const ZAddFilesBody = z.strictObject({ files: z.array(ZDraftFile).min(1).max(10_000) });
export const ZRestrictBody = z.strictObject({ restricted: z.boolean() });
export const ZShareBody = z.strictObject({ shareWith: z.array(ZLine.min(1).max(64)).max(100) });
export const ZExtensionResult = z.object({ expiryDate: z.number().int() });
