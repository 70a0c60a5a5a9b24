import { z } from 'zod';
import { defineEvent, ZEventBase } from '../messaging/define-event';
import { ZSessionRevocation } from './access-token';
import { ZCodePurpose, ZLang } from './identity.schemas';

/**
 * A verification code was issued. The code travels in the event because the mail
 * service must send it; it is sealed on the wire and in the stream (EVENT_SEAL_KEY),
 * valid for 10 minutes, and identity stores only its hash.
 */
export const ZEmailCodeRequested = ZEventBase.extend({
  email: z.string(),
  purpose: ZCodePurpose,
  code: z.string(),
  lang: ZLang,
  expiresAt: z.string(),
});
export type TEmailCodeRequested = z.infer<typeof ZEmailCodeRequested>;
export const EMAIL_CODE_REQUESTED = defineEvent('evt.email-code.requested', 1, ZEmailCodeRequested, { sealed: ['code'] });

/** A password reset was asked for an existing account; `token` is the single-use secret for the link. */
export const ZPasswordResetRequested = ZEventBase.extend({
  userId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  token: z.string(),
  lang: ZLang,
  expiresAt: z.string(),
});
export type TPasswordResetRequested = z.infer<typeof ZPasswordResetRequested>;
export const PASSWORD_RESET_REQUESTED = defineEvent('evt.password-reset.requested', 1, ZPasswordResetRequested, { sealed: ['token'] });

/** An admin invited someone; `inviteToken` is the secret in the /invite/{id} link. */
export const ZTeamInviteCreated = ZEventBase.extend({
  inviteId: z.string(),
  inviteToken: z.string(),
  email: z.string(),
  adminId: z.string(),
  adminName: z.string().nullable(),
  adminEmail: z.string(),
  company: z.string().nullable(),
  lang: ZLang,
  expiresAt: z.string(),
});
export type TTeamInviteCreated = z.infer<typeof ZTeamInviteCreated>;
export const TEAM_INVITE_CREATED = defineEvent('evt.team-invite.created', 1, ZTeamInviteCreated, { sealed: ['inviteToken'] });

export const ZUserRegistered = ZEventBase.extend({
  userId: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  lang: ZLang,
  isTeamMember: z.boolean(),
  parentAdminId: z.string().nullable(),
  at: z.string(),
});
export type TUserRegistered = z.infer<typeof ZUserRegistered>;
export const USER_REGISTERED = defineEvent('evt.user.registered', 1, ZUserRegistered);

/**
 * Access tokens stopped being valid before their expiry: a logout, a reused refresh token, a
 * password reset, a removed team member, a role or team change. Every gateway replica observes it.
 */
export const ZSessionRevoked = ZEventBase.extend(ZSessionRevocation.shape);
export type TSessionRevoked = z.infer<typeof ZSessionRevoked>;
export const SESSION_REVOKED = defineEvent('evt.session.revoked', 1, ZSessionRevoked);

/**
 * A company's verified download host failed its re-check (its CNAME is gone or points elsewhere):
 * its links are back on Ferry's origin, and the mail service tells the admin.
 */
export const ZDownloadHostBroken = ZEventBase.extend({
  companyId: z.string(),
  email: z.string(),
  lang: ZLang,
  host: z.string(),
  problem: z.enum(['NO_CNAME', 'WRONG_TARGET']),
  found: z.string().nullable(),
  cnameTarget: z.string(),
});
export type TDownloadHostBroken = z.infer<typeof ZDownloadHostBroken>;
export const DOWNLOAD_HOST_BROKEN = defineEvent('evt.download-host.broken', 1, ZDownloadHostBroken);

/**
 * A company's verified sending domain failed its re-check (its DKIM or SPF record is gone or
 * changed): recipients' mails come from Ferry's address again, and the mail service tells the admin.
 */
export const ZSendingDomainBroken = ZEventBase.extend({
  companyId: z.string(),
  email: z.string(),
  lang: ZLang,
  domain: z.string(),
  problems: z.array(z.enum(['DKIM_MISSING', 'DKIM_MISMATCH', 'SPF_MISSING', 'LOOKUP_FAILED'])),
});
export type TSendingDomainBroken = z.infer<typeof ZSendingDomainBroken>;
export const SENDING_DOMAIN_BROKEN = defineEvent('evt.sending-domain.broken', 1, ZSendingDomainBroken);
