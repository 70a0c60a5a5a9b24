import { z } from 'zod';
import { defineEvent, ZEventBase } from '../messaging/define-event';
import { ZLang } from '../identity/identity.schemas';

/** A user asked to delete their account: the mail tells them the date and that logging in cancels it. */
export const ZAccountDeletionRequested = ZEventBase.extend({
  userId: z.string(),
  email: z.string(),
  lang: ZLang,
  deletionDueAt: z.string(),
});
export type TAccountDeletionRequested = z.infer<typeof ZAccountDeletionRequested>;
export const ACCOUNT_DELETION_REQUESTED = defineEvent('evt.account.deletion-requested', 1, ZAccountDeletionRequested);

/**
 * The grace period ended and identity deleted the account. Every service that holds data of the
 * user purges it: `userId`'s rows and objects, rows keyed by `email`. `memberIds` were the team's
 * members: identity detached them first; what they own stays theirs.
 */
export const ZAccountDeleted = ZEventBase.extend({
  userId: z.string(),
  email: z.string(),
  memberIds: z.array(z.string()),
  at: z.string(),
});
export type TAccountDeleted = z.infer<typeof ZAccountDeleted>;
export const ACCOUNT_DELETED = defineEvent('evt.account.deleted', 1, ZAccountDeleted);

/** A data export is built; `token` is the secret in the mailed link. */
export const ZDataExportReady = ZEventBase.extend({
  userId: z.string(),
  email: z.string(),
  lang: ZLang,
  exportId: z.string(),
  token: z.string(),
  expiresAt: z.string(),
});
export type TDataExportReady = z.infer<typeof ZDataExportReady>;
export const DATA_EXPORT_READY = defineEvent('evt.data-export.ready', 1, ZDataExportReady, { sealed: ['token'] });

/** The export a user asked for, to be built off the request path. */
export const ZDataExportRequestedEvent = ZEventBase.extend({ userId: z.string(), exportId: z.string() });
export type TDataExportRequestedEvent = z.infer<typeof ZDataExportRequestedEvent>;
export const DATA_EXPORT_REQUESTED = defineEvent('evt.data-export.requested', 1, ZDataExportRequestedEvent);
