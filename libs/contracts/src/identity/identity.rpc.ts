import { z } from 'zod';
import { defineRpc } from '../messaging/define-rpc';
import {
  ZAcceptInviteBody,
  ZCodePurpose,
  ZCreatedInvite,
  ZEmail,
  ZInviteBody,
  ZLang,
  ZLoginBody,
  ZPassword,
  ZRequestEmailCodeBody,
  ZSignupBody,
  ZTeam,
  ZUpdateMeBody,
  ZUser,
  ZVerificationCode,
  ZInviteId,
} from './identity.schemas';
import { ZSessionRevocation } from './access-token';
import { ZInviteBatchBody, ZInviteBatchResponse, ZTeamInviteRef } from './team.schemas';
import { ZFeedbackBody } from './feedback.schemas';

/** Who is calling, as the gateway saw it; used for audit, rate limits and token binding. */
export const ZClientInfo = z.object({ ip: z.string().max(64).optional(), userAgent: z.string().max(512).optional() });

/** A fresh session: the access token goes in the body, the refresh token into an HttpOnly cookie. */
export const ZIssuedSession = z.object({
  accessToken: z.string(),
  accessTokenExpiresAt: z.string(),
  refreshToken: z.string(),
  refreshTokenExpiresAt: z.string(),
  user: ZUser,
  /** `deletion-canceled`: this login canceled the account's pending deletion. */
  notice: z.enum(['deletion-canceled']).optional(),
});
export type TIssuedSession = z.infer<typeof ZIssuedSession>;

const ZEmpty = z.object({});
/** A token as a caller sent it; a malformed one is simply not found (404), never a 400 that tells its shape. */
const ZOpaqueToken = z.string().min(1).max(256);
const ZUserRef = z.object({ userId: z.string() });

export const IDENTITY_RPC = {
  requestEmailCode: defineRpc('svc.identity.request-email-code', ZRequestEmailCodeBody.extend({ client: ZClientInfo.optional() }), ZEmpty),
  verifyEmailCode: defineRpc(
    'svc.identity.verify-email-code',
    // The client's network: failed checks from one network cannot lock the address out for others.
    z.object({ email: ZEmail, code: ZVerificationCode, purpose: ZCodePurpose, client: ZClientInfo.optional() }),
    // The ticket proves, at signup, that this caller is the one who verified; the gateway keeps it in an HttpOnly cookie.
    z.object({ verified: z.literal(true), ticket: z.string() }),
  ),
  /** Whether this ticket proves a recent (24 h) verification of the email for the purpose; nothing is used up. */
  checkEmailVerification: defineRpc(
    'svc.identity.check-email-verification',
    z.object({ email: ZEmail, purpose: ZCodePurpose, ticket: z.string().min(1).max(256) }),
    z.object({ verified: z.boolean() }),
  ),
  signup: defineRpc(
    'svc.identity.signup',
    ZSignupBody.extend({ client: ZClientInfo.optional(), verificationTicket: z.string().max(256).optional() }),
    ZIssuedSession,
  ),
  login: defineRpc('svc.identity.login', ZLoginBody.extend({ client: ZClientInfo.optional() }), ZIssuedSession),
  refresh: defineRpc('svc.identity.refresh', z.object({ refreshToken: z.string().min(1).max(512), client: ZClientInfo.optional() }), ZIssuedSession),
  logout: defineRpc('svc.identity.logout', z.object({ refreshToken: z.string().max(512).optional() }), ZEmpty),
  requestPasswordReset: defineRpc('svc.identity.request-password-reset', z.object({ email: ZEmail, lang: ZLang.optional() }), ZEmpty),
  checkPasswordReset: defineRpc('svc.identity.check-password-reset', z.object({ token: ZOpaqueToken }), z.object({ valid: z.literal(true) })),
  resetPassword: defineRpc('svc.identity.reset-password', z.object({ token: ZOpaqueToken, password: ZPassword }), ZEmpty),
  getMe: defineRpc('svc.identity.get-me', ZUserRef, ZUser),
  updateMe: defineRpc('svc.identity.update-me', ZUserRef.extend({ patch: ZUpdateMeBody }), ZUser),
  inviteMember: defineRpc('svc.identity.invite-member', ZUserRef.extend(ZInviteBody.shape), ZCreatedInvite),
  acceptInvite: defineRpc(
    'svc.identity.accept-invite',
    ZAcceptInviteBody.extend({ inviteId: ZInviteId, client: ZClientInfo.optional() }),
    ZIssuedSession,
  ),
  getTeam: defineRpc('svc.identity.get-team', ZUserRef, ZTeam),
  removeMember: defineRpc('svc.identity.remove-member', ZUserRef.extend({ memberId: z.string() }), ZEmpty),
  inviteMembers: defineRpc('svc.identity.invite-members', ZUserRef.extend(ZInviteBatchBody.shape), ZInviteBatchResponse),
  /** A new link for a pending invite, mailed again; the old link stops working. */
  resendInvite: defineRpc('svc.identity.resend-invite', ZUserRef.extend({ inviteId: ZTeamInviteRef, lang: ZLang.optional() }), ZCreatedInvite),
  revokeInvite: defineRpc('svc.identity.revoke-invite', ZUserRef.extend({ inviteId: ZTeamInviteRef }), ZEmpty),
  /** Revocations still in force (not yet past their expiresAt): a gateway that starts late catches up with them. */
  listSessionRevocations: defineRpc('svc.identity.list-session-revocations', z.object({}), z.object({ revocations: z.array(ZSessionRevocation) })),
  /** Stores what the feedback widget sent; `userId` is the signed-in sender, null for a visitor. */
  submitFeedback: defineRpc(
    'svc.identity.submit-feedback',
    ZFeedbackBody.extend({ userId: z.string().max(64).nullable(), client: ZClientInfo.optional() }),
    z.object({ id: z.string() }),
  ),
} as const;
