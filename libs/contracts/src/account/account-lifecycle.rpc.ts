import { z } from 'zod';
import { defineRpc } from '../messaging/define-rpc';
import { ZClientInfo } from '../identity/identity.rpc';
import { ZUser } from '../identity/identity.schemas';
import {
  ZAccountDeletion,
  ZChangeEmailBody,
  ZChangePasswordBody,
  ZConfirmEmailChangeBody,
  ZDataExportRequested,
  ZDeleteAccountBody,
} from './account-lifecycle.schemas';

const ZEmpty = z.object({});
const ZUserRef = z.object({ userId: z.string() });

/** Change email, change password, delete account (identity) and export my data (transfers). */
export const ACCOUNT_LIFECYCLE_RPC = {
  /** Mails a code to the new address (409 EMAIL_TAKEN when it has an account). */
  requestEmailChange: defineRpc('svc.identity.request-email-change', ZUserRef.extend(ZChangeEmailBody.shape).extend({ client: ZClientInfo.optional() }), ZEmpty),
  /** The code mailed to the new address makes it the account's email. */
  confirmEmailChange: defineRpc('svc.identity.confirm-email-change', ZUserRef.extend(ZConfirmEmailChangeBody.shape).extend({ client: ZClientInfo.optional() }), ZUser),
  /** The current password is required; every session but `sessionId` ends. */
  changePassword: defineRpc('svc.identity.change-password', ZUserRef.extend(ZChangePasswordBody.shape).extend({ sessionId: z.string().optional() }), ZEmpty),
  /** Schedules the purge after the grace period and ends every session of the user. */
  requestAccountDeletion: defineRpc('svc.identity.request-account-deletion', ZUserRef.extend(ZDeleteAccountBody.shape), ZAccountDeletion),
  /** Builds a ZIP of the user's data in the background and mails a link to it. */
  requestDataExport: defineRpc('svc.transfers.request-data-export', ZUserRef, ZDataExportRequested),
  /** A signed download URL (600 s) of an export, for the token of the mailed link. */
  signDataExport: defineRpc(
    'svc.transfers.sign-data-export',
    z.object({ exportId: z.string().max(64), token: z.string().max(256) }),
    z.object({ url: z.string(), expiresAt: z.string() }),
  ),
} as const;
