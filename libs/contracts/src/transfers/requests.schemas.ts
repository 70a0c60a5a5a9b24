import { z } from 'zod';
import { ZEmail } from '../identity/identity.schemas';
import { ZUploadGrant } from '../storage/storage.schemas';
import { ZLine, ZText } from '../text/text.schemas';
import { MESSAGE_MAX, ZCompleteTransferBody, ZDraftFile, ZDroppedFile, ZSlug } from './transfers.schemas';
import { ZPublicBranding } from '../identity/branding.schemas';

export const REQUEST_TITLE_MAX = 120;

/**
 * A new file request (`POST /requests`); `expiryDate` (epoch ms) is 30 minutes to 1 year ahead,
 * null keeps it open until deleted, and leaving it out takes the requester's default (request settings).
 */
export const ZCreateRequestBody = z.strictObject({
  title: ZLine.trim().min(1, 'Give the request a title').max(REQUEST_TITLE_MAX, `Title has to be at most ${REQUEST_TITLE_MAX} characters`),
  message: ZText.max(MESSAGE_MAX, `Message has to be at most ${MESSAGE_MAX} characters`).optional(),
  expiryDate: z.number().int().positive().nullable().optional(),
});
export type TCreateRequestBody = z.infer<typeof ZCreateRequestBody>;

/** `url` is the page uploaders open: `{PUBLIC_URL}/r/{slug}`. */
export const ZCreatedRequest = z.object({ id: z.string(), slug: ZSlug, url: z.string() });
export type TCreatedRequest = z.infer<typeof ZCreatedRequest>;

/** A file request as the requester's list shows it; dates are epoch ms. */
export const ZRequestSummary = z.object({
  id: z.string(),
  slug: ZSlug,
  url: z.string(),
  title: z.string(),
  message: z.string().nullable(),
  createdAt: z.number().int(),
  /** Null: open until deleted. */
  expiryDate: z.number().int().nullable(),
  state: z.enum(['active', 'expired']),
  /** Files that arrived (completed uploads only). */
  fileCount: z.number().int(),
  totalBytes: z.number().int(),
  lastUploadAt: z.number().int().nullable(),
});
export type TRequestSummary = z.infer<typeof ZRequestSummary>;

export const ZRequestListQuery = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(30),
});
export type TRequestListQuery = z.infer<typeof ZRequestListQuery>;
export const ZRequestList = z.object({ items: z.array(ZRequestSummary), total: z.number().int() });
export type TRequestList = z.infer<typeof ZRequestList>;

/** A file that arrived through a request. */
export const ZRequestFile = z.object({
  id: z.string(),
  name: z.string(),
  path: z.string().nullable(),
  size: z.number().int(),
  /** What the uploader typed, unverified; null when they gave none. */
  uploaderEmail: z.string().nullable(),
  uploadedAt: z.number().int(),
});
export type TRequestFile = z.infer<typeof ZRequestFile>;

export const ZRequestDetail = ZRequestSummary.extend({ files: z.array(ZRequestFile) });
export type TRequestDetail = z.infer<typeof ZRequestDetail>;

/** What the `/r/{slug}` page shows an uploader: never the files. */
export const ZPublicRequest = z.object({
  slug: ZSlug,
  title: z.string(),
  message: z.string().nullable(),
  requesterName: z.string().nullable(),
  requesterEmail: z.string(),
  expiryDate: z.number().int().nullable(),
  /** The requester's company brand, within what its plan allows. */
  branding: ZPublicBranding.optional(),
});
export type TPublicRequest = z.infer<typeof ZPublicRequest>;

/** An uploader's batch (`POST /public/requests/{slug}/uploads`). */
export const ZRequestUploadBody = z.strictObject({
  files: z.array(ZDraftFile.omit({ kind: true })).min(1).max(10_000),
  email: ZEmail.optional(),
});
export type TRequestUploadBody = z.infer<typeof ZRequestUploadBody>;

export const ZRequestUploadStarted = z.object({
  uploadId: z.string(),
  uploads: z.array(ZUploadGrant),
  /** Files the server removed (html/htm/exe, release-style videos, duplicates). */
  dropped: z.array(ZDroppedFile),
});
export type TRequestUploadStarted = z.infer<typeof ZRequestUploadStarted>;

/** The uploads to finish, as for a transfer: `{uploads: [{uploadToken, parts?}]}`. */
export const ZCompleteRequestUploadBody = ZCompleteTransferBody;
export const ZCompletedRequestUpload = z.object({ slug: ZSlug, fileCount: z.number().int() });
export type TCompletedRequestUpload = z.infer<typeof ZCompletedRequestUpload>;

/** The requester downloads one arrived file or a ZIP of all. */
export const ZRequestDownloadBody = z.union([z.strictObject({ fileId: z.string().uuid() }), z.strictObject({ all: z.literal(true) })]);
export type TRequestDownloadBody = z.infer<typeof ZRequestDownloadBody>;
