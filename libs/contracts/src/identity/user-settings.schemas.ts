import { z } from 'zod';
import { defineRpc } from '../messaging/define-rpc';

/**
 * The expiry choices a default can be (PRODUCT.md section 9, in seconds): 1 Week, 1 Month,
 * 3 Months, 1 Year. A custom date is picked per transfer, so it is never a default.
 */
export const DEFAULT_EXPIRY_CHOICES = [604_800, 2_629_746, 7_889_238, 31_536_000] as const;
export const ZDefaultExpirySeconds = z
  .number()
  .int()
  .refine((seconds) => (DEFAULT_EXPIRY_CHOICES as readonly number[]).includes(seconds), 'Not an expiry choice (604800, 2629746, 7889238 or 31536000)');

/** The user's transfer settings (PRODUCT.md section 3, `transferSettings`): what a new transfer starts with and which mails go out. */
export const ZTransferSettings = z.object({
  /** The expiry quick send preselects and the server applies when a draft names none. */
  expirySeconds: ZDefaultExpirySeconds,
  /** Quick send opens with its password switched on (the sender types the password). */
  passwordOn: z.boolean(),
  /** Mail me when a recipient downloads. */
  mailOnDownload: z.boolean(),
  /** Mail the recipients who have not downloaded a reminder a day before the link expires. */
  remindRecipients: z.boolean(),
});
export type TTransferSettings = z.infer<typeof ZTransferSettings>;

/** How long a new file request stays open, in days (the request form's choices besides "until deleted"). */
export const REQUEST_EXPIRY_DAY_CHOICES = [1, 7, 14, 30, 90] as const;
export const ZRequestExpiryDays = z
  .number()
  .int()
  .refine((days) => (REQUEST_EXPIRY_DAY_CHOICES as readonly number[]).includes(days), 'Not a request expiry choice (1, 7, 14, 30 or 90 days)');

/** The user's request settings (`requestSettings`). */
export const ZRequestSettings = z.object({
  /** Days a new file request stays open; null keeps it open until deleted. */
  expiryDays: ZRequestExpiryDays.nullable(),
  /** Mail me when files arrive through one of my requests. */
  mailOnArrival: z.boolean(),
});
export type TRequestSettings = z.infer<typeof ZRequestSettings>;

export const ZUserSettings = z.object({ transferSettings: ZTransferSettings, requestSettings: ZRequestSettings });
export type TUserSettings = z.infer<typeof ZUserSettings>;

/**
 * What an account starts with: 1 Week, no password, the download and arrival mails on, no
 * reminders (a new mail to third parties is opted into), requests open until deleted (what an API
 * client that names no expiry always got).
 */
export const DEFAULT_USER_SETTINGS: TUserSettings = {
  transferSettings: { expirySeconds: 604_800, passwordOn: false, mailOnDownload: true, remindRecipients: false },
  requestSettings: { expiryDays: null, mailOnArrival: true },
};

/** `PATCH /me/settings`: only the fields present change (strict: an unknown field is a 400 that names it). */
export const ZUpdateSettingsBody = z.strictObject({
  transferSettings: ZTransferSettings.partial().strict().optional(),
  requestSettings: ZRequestSettings.partial().strict().optional(),
});
export type TUpdateSettingsBody = z.infer<typeof ZUpdateSettingsBody>;

const ZUserRef = z.object({ userId: z.string() });

/** identity's settings endpoints; transfers and notifications read them to apply the defaults and honour the mail switches. */
export const USER_SETTINGS_RPC = {
  /** An unknown user answers the defaults (an anonymous or deleted sender is treated like a new account). */
  getSettings: defineRpc('svc.identity.get-settings', ZUserRef, ZUserSettings),
  updateSettings: defineRpc('svc.identity.update-settings', ZUserRef.extend({ patch: ZUpdateSettingsBody }), ZUserSettings),
} as const;
