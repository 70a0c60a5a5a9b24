import { z } from 'zod';
import { ZRegion } from '../regions.schemas';
import { ZFileName } from '../text/file-name.schemas';
import { ZLine } from '../text/text.schemas';
import { ZPartSet } from './part-set';

/** Who an upload is for (PRODUCT.md section 6 credential types); the key prefix follows from it. */
export const ZGrantType = z.enum(['anonUpload', 'userUpload', 'teamUpload', 'request']);
export type TGrantType = z.infer<typeof ZGrantType>;

const ZId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, _ or -');

/**
 * The owner of a grant. `anonUpload` is keyed by the transfer slug; `userUpload` by the user;
 * `teamUpload` by the team admin (the member writes under the admin's root and usage counts
 * for the admin); `request` by the requester and the request's upload path.
 */
export const ZGrantOwner = z.discriminatedUnion('type', [
  z.object({ type: z.literal('anonUpload'), slug: ZId }),
  z.object({ type: z.literal('userUpload'), userId: ZId }),
  z.object({ type: z.literal('teamUpload'), adminId: ZId, memberId: ZId }),
  z.object({ type: z.literal('request'), userId: ZId, uploadPath: ZId }),
]);
export type TGrantOwner = z.infer<typeof ZGrantOwner>;

/** Terabytes are fine; more than 5 TiB is no single object any store takes. */
export const MAX_OBJECT_BYTES = 5 * 1024 ** 4;

export const ZUploadFile = z.strictObject({
  name: ZFileName,
  size: z.number().int().min(0).max(MAX_OBJECT_BYTES),
  contentType: ZLine.max(255).optional(),
});

export const ZPresignedRequest = z.object({
  method: z.enum(['PUT', 'POST', 'GET', 'HEAD']),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type TPresignedRequest = z.infer<typeof ZPresignedRequest>;

export const ZPresignedPart = ZPresignedRequest.extend({ partNumber: z.number().int().min(1).max(10_000) });
export type TPresignedPart = z.infer<typeof ZPresignedPart>;

/**
 * What the client needs to upload one file straight to storage. The upload token lets it
 * renew URLs, list parts, abort and complete this one upload for 7 days, and nothing else.
 */
export const ZUploadGrant = z.object({
  fileId: z.string(),
  name: z.string(),
  size: z.number().int(),
  region: ZRegion,
  key: z.string(),
  uploadToken: z.string(),
  /** Files under 50 MB: one signed PUT, valid 1 h. */
  single: ZPresignedRequest.optional(),
  /**
   * Files of 50 MB and more: parts signed on demand with the token, valid 1 h each. Part n starts
   * at byte (n - 1) * minPartSize and every part but the last is a whole number of minPartSize;
   * maxParts is the highest part number the grant's size allows.
   */
  multipart: z
    .object({ uploadId: z.string(), minPartSize: z.number().int(), maxParts: z.number().int() })
    .optional(),
});
export type TUploadGrant = z.infer<typeof ZUploadGrant>;

export const ZUploadToken = ZLine.min(1).max(512);
/** Parts to sign, each with the exact byte count it will hold (its URL accepts that many and no more). */
/** Each part number at most once in a list (a repeated one would be signed or joined twice). */
const eachPartOnce = (parts: Array<{ partNumber: number }>) => new Set(parts.map((p) => p.partNumber)).size === parts.length;
const PART_TWICE = { message: 'A part number is listed twice' };

export const ZPartsToSign = z
  .array(z.strictObject({ partNumber: z.number().int().min(1).max(10_000), size: z.number().int().min(0).max(MAX_OBJECT_BYTES) }))
  .max(100)
  .refine(eachPartOnce, PART_TWICE);
export type TPartToSign = z.infer<typeof ZPartsToSign>[number];

export const ZSignUploadBody = z.strictObject({ uploadToken: ZUploadToken, parts: ZPartsToSign.optional() });
export const ZSignUploadResponse = z.object({ single: ZPresignedRequest.optional(), parts: z.array(ZPresignedPart).optional() });
export type TSignUploadResponse = z.infer<typeof ZSignUploadResponse>;

export const ZUploadedPart = z.object({ partNumber: z.number().int().min(1).max(10_000), size: z.number().int(), etag: z.string() });
export type TUploadedPart = z.infer<typeof ZUploadedPart>;

export const ZCompleteUpload = z
  .strictObject({
    uploadToken: ZUploadToken,
    /** For multipart: every part's number and the ETag its PUT answered. */
    parts: z.array(z.strictObject({ partNumber: z.number().int().min(1).max(10_000), etag: ZLine.max(128) })).max(10_000).refine(eachPartOnce, PART_TWICE).optional(),
    /** For multipart, instead of `parts`: the same in a few bytes (part-set.ts), as the upload engine sends it. */
    partSet: ZPartSet.optional(),
  })
  .refine((upload) => upload.parts === undefined || upload.partSet === undefined, { message: 'Name the parts as parts or as a partSet, not both', path: ['partSet'] });
export type TCompleteUpload = z.infer<typeof ZCompleteUpload>;

export const ZStoredObject = z.object({
  fileId: z.string(),
  name: z.string(),
  region: ZRegion,
  key: z.string(),
  size: z.number().int(),
  status: z.enum(['uploading', 'complete', 'aborted', 'deleted']),
  /** Computed server-side after completion; null until then. */
  sha256: z.string().nullable(),
});
export type TStoredObject = z.infer<typeof ZStoredObject>;

export const ZRegionInfo = z.object({
  id: ZRegion,
  isDefault: z.boolean(),
  /** A 128 KB object whose HEAD the client times to pick the fastest region. */
  speedTestUrl: z.string(),
});
export type TRegionInfo = z.infer<typeof ZRegionInfo>;
