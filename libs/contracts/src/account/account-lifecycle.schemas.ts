import { z } from 'zod';
import { ZEmail, ZLang, ZPassword, ZVerificationCode } from '../identity/identity.schemas';
import { ZText } from '../text/text.schemas';

/** Days between a deletion request and the purge; a login within them cancels the deletion. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;
/** Days the mailed link of a data export works. */
export const DATA_EXPORT_LINK_DAYS = 7;

// HTTP bodies (strict: an unknown field is a 400 that names it)
export const ZChangeEmailBody = z.strictObject({ newEmail: ZEmail, lang: ZLang.optional() });
export const ZConfirmEmailChangeBody = z.strictObject({ newEmail: ZEmail, code: ZVerificationCode });
export const ZChangePasswordBody = z.strictObject({ currentPassword: ZText.min(1).max(256), newPassword: ZPassword });
export const ZDeleteAccountBody = z.strictObject({ password: ZText.min(1).max(256), lang: ZLang.optional() });
export const ZAccountDeletion = z.object({ deletionDueAt: z.string() });
export type TAccountDeletion = z.infer<typeof ZAccountDeletion>;
export const ZDataExportRequested = z.object({ requestedAt: z.string() });


