import { z } from 'zod';
import { ZCreatedInvite, ZEmail, ZLang } from './identity.schemas';

/** Most addresses one batch may invite: the largest team (teamelite) has 50 seats. */
export const INVITE_BATCH_MAX = 50;

/** An invite as the admin's team list names it (its id, never the secret token of the link). */
export const ZTeamInviteRef = z.string().uuid('Malformed invite id');

export const ZInviteBatchBody = z.strictObject({
  emails: z.array(ZEmail).min(1).max(INVITE_BATCH_MAX),
  lang: ZLang.optional(),
});
export type TInviteBatchBody = z.infer<typeof ZInviteBatchBody>;

/** One address of a batch: invited (with its invite) or refused (with the error code and message a single invite would get). */
export const ZInviteBatchResult = z.object({
  email: z.string(),
  invite: ZCreatedInvite.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export const ZInviteBatchResponse = z.object({ results: z.array(ZInviteBatchResult) });
export type TInviteBatchResponse = z.infer<typeof ZInviteBatchResponse>;
