import { z } from 'zod';
import { AppError } from '../errors/app-error';
import { MAX_OBJECT_BYTES, ZUploadGrant, ZUploadToken } from '../storage/storage.schemas';
import { ZLine } from '../text/text.schemas';

/** The pictures an account keeps: its profile picture, the company logo and the download pages' background. */
export const ZPictureKind = z.enum(['profile', 'logo', 'background']);
export type TPictureKind = z.infer<typeof ZPictureKind>;

/** Raster images only: never SVG or anything a browser could run as a page. */
export const PICTURE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type TPictureContentType = (typeof PICTURE_CONTENT_TYPES)[number];

const MIB = 1024 * 1024;
/** The largest picture of each kind, in bytes. */
export const PICTURE_MAX_BYTES: Readonly<Record<TPictureKind, number>> = Object.freeze({ profile: 2 * MIB, logo: 2 * MIB, background: 5 * MIB });

export function isPictureContentType(value: string): value is TPictureContentType {
  return (PICTURE_CONTENT_TYPES as readonly string[]).includes(value);
}

/**
 * The checks a picture passes before it gets a grant (and again once its bytes are in storage):
 * a PNG, JPEG or WebP (415 `IMAGE_TYPE_NOT_ALLOWED`) within its kind's size (413 `IMAGE_TOO_LARGE`).
 */
export function checkPicture(kind: TPictureKind, file: { size: number; contentType: string }): void {
  if (!isPictureContentType(file.contentType)) {
    throw new AppError('IMAGE_TYPE_NOT_ALLOWED', {
      message: 'Pictures must be PNG, JPEG or WebP images',
      details: { allowed: [...PICTURE_CONTENT_TYPES] },
    });
  }
  const maxBytes = PICTURE_MAX_BYTES[kind];
  if (file.size > maxBytes) {
    throw new AppError('IMAGE_TOO_LARGE', { message: `This picture is larger than ${maxBytes / MIB} MB`, details: { maxBytes } });
  }
}

/** Where a stored picture is served (a redirect to a signed GET that answers the image type, `nosniff` and an attachment disposition). */
export const picturePath = (fileId: string) => `/api/v1/public/pictures/${fileId}`;

export const ZPictureKindParams = z.object({ kind: ZPictureKind });
export const ZPictureParams = z.object({ fileId: z.string().uuid() });
export const ZPictureGrantBody = z.strictObject({ size: z.number().int().min(1).max(MAX_OBJECT_BYTES), contentType: ZLine.max(255) });
export type TPictureGrantBody = z.infer<typeof ZPictureGrantBody>;
export const ZPictureGrant = z.object({ grant: ZUploadGrant });
/** The uploaded picture to keep: its upload token (the upload is finished and its bytes checked). */
export const ZSetPictureBody = z.strictObject({ uploadToken: ZUploadToken });

/** `#rrggbb`, kept lower-case. */
export const ZHexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'The colour must be a hex colour like #0f6fde')
  .transform((value) => value.toLowerCase());

/** What the Customize and Powered-by tabs show and change (the company's: a team member sees the admin's). */
export const ZBrandingSettings = z.object({
  profilePic: z.string().nullable(),
  logoPic: z.string().nullable(),
  backgroundPic: z.string().nullable(),
  accentColor: z.string().nullable(),
  hidePoweredBy: z.boolean(),
  /** The plan allows the logo, accent colour and background on download and request pages and mails. */
  canCustomize: z.boolean(),
  /** The plan (Business and up) allows hiding the 'Powered by Ferry' mark. */
  canHidePoweredBy: z.boolean(),
  /** A team member sees the company's brand; only the admin changes it. */
  isEditable: z.boolean(),
});
export type TBrandingSettings = z.infer<typeof ZBrandingSettings>;

export const ZUpdateBrandingBody = z.strictObject({
  accentColor: ZHexColor.nullable().optional(),
  hidePoweredBy: z.boolean().optional(),
});
export type TUpdateBrandingBody = z.infer<typeof ZUpdateBrandingBody>;

/** A sender's brand as recipients see it on download and request pages and in mails; what the plan does not allow is left out. */
export const ZPublicBranding = z.object({
  logoUrl: z.string().nullable(),
  accentColor: z.string().nullable(),
  backgroundUrl: z.string().nullable(),
  /** Show the 'Powered by Ferry' mark. */
  poweredBy: z.boolean(),
});
export type TPublicBranding = z.infer<typeof ZPublicBranding>;
export const FERRY_BRANDING: TPublicBranding = Object.freeze({ logoUrl: null, accentColor: null, backgroundUrl: null, poweredBy: true });
