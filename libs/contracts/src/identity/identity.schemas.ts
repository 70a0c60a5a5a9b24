import { z } from 'zod';
import { ZRegion } from '../regions.schemas';
import { ZLine, ZText } from '../text/text.schemas';

export const PASSWORD_MIN_MESSAGE = 'Password has to be atleast 6 characters';

export const ZEmail = ZLine.trim().toLowerCase().max(254).email('Invalid email');
export const ZPassword = ZText.min(6, PASSWORD_MIN_MESSAGE).max(256);
export const ZVerificationCode = z
  .string()
  .trim()
  .regex(/^\d{5}$/, 'Code has to be 5 digits');
export const ZLang = z.enum(['en', 'zh']);
export type TLang = z.infer<typeof ZLang>;
export const ZCodePurpose = z.enum(['register', 'send', 'change-email']);
export type TCodePurpose = z.infer<typeof ZCodePurpose>;
/** The purposes a visitor may ask a code for; `change-email` codes are asked through `POST /me/email` only. */
export const ZPublicCodePurpose = ZCodePurpose.exclude(['change-email']);

/** Package codes of PRODUCT.md section 4 plus `Free`; the user's role equals the chosen code. */
export const ZPlanCode = z.enum(['Free', 'PM', 'PY', 'PRM', 'PRY', 'BM', 'BY']);
export type TPlanCode = z.infer<typeof ZPlanCode>;
export const ZUserStatus = z.enum(['unpaid', 'active', 'trialing', 'past_due', 'revoke', 'canceled']);
export type TUserStatus = z.infer<typeof ZUserStatus>;

export const ZFingerprint = z.strictObject({
  language: ZLine.max(64).optional(),
  userAgent: ZLine.max(512).optional(),
  browserVendor: ZLine.max(128).optional(),
  platform: ZLine.max(128).optional(),
  timezone: ZLine.max(64).optional(),
});

export const ZParentAdmin = z.object({
  parentAdminId: z.string(),
  parentEmail: z.string(),
  parentAdminFullName: z.string().nullable(),
  parentAdminProfilePic: z.string().nullable(),
});

export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  greetingName: z.string().nullable(),
  company: z.string().nullable(),
  profilePic: z.string().nullable(),
  region: ZRegion,
  /** The plan whose limits apply now: the chosen one while its subscription is trialing or active, else Free. */
  role: z.string(),
  /** The package chosen (at signup or checkout), paid for or not; billing's plan tab offers it. */
  plan: z.string(),
  status: ZUserStatus,
  lang: ZLang,
  loginCount: z.number().int(),
  isTeamMember: z.boolean(),
  parentAdmin: ZParentAdmin.nullable(),
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZTeamMember = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  profilePic: z.string().nullable(),
  finishedOnboarding: z.boolean(),
  /** When they accepted the invite. */
  joinedAt: z.string().optional(),
});
export const ZTeamInvite = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** When the invite mail last went out (a resend sends a new link). */
  lastSentAt: z.string().optional(),
});
export const ZTeam = z.object({
  adminId: z.string(),
  company: z.string().nullable(),
  /** Team size allowed by the plan, the admin included; 0 when the plan has no team. */
  limit: z.number().int(),
  members: z.array(ZTeamMember),
  pendingInvites: z.array(ZTeamInvite),
});
export type TTeam = z.infer<typeof ZTeam>;

// HTTP bodies (strict: an unknown field is a 400 that names it)
export const ZRequestEmailCodeBody = z.strictObject({
  email: ZEmail,
  purpose: ZPublicCodePurpose,
  lang: ZLang.optional(),
});
export const ZVerifyEmailCodeBody = z.strictObject({ email: ZEmail, code: ZVerificationCode, purpose: ZPublicCodePurpose });
export const ZVerifyEmailCodeResponse = z.object({ verified: z.literal(true) });
export const ZSignupBody = z.strictObject({
  email: ZEmail,
  password: ZPassword,
  fullName: ZLine.trim().max(120).optional(),
  company: ZLine.trim().max(120).optional(),
  plan: ZPlanCode.optional(),
  lang: ZLang.optional(),
  referrer: ZLine.max(512).optional(),
  fingerprint: ZFingerprint.optional(),
});
export type TSignupBody = z.infer<typeof ZSignupBody>;
export const ZLoginBody = z.strictObject({ email: ZEmail, password: ZText.min(1).max(256) });
export const ZSessionResponse = z.object({
  accessToken: z.string(),
  user: ZUser,
  /** `deletion-canceled`: this login canceled the account's pending deletion (the login screen says so). */
  notice: z.enum(['deletion-canceled']).optional(),
});
export type TSessionResponse = z.infer<typeof ZSessionResponse>;
export const ZPasswordResetRequestBody = z.strictObject({ email: ZEmail, lang: ZLang.optional() });
export const ZPasswordResetBody = z.strictObject({ password: ZPassword });
export const ZResetToken = z.string().regex(/^[A-Za-z0-9_-]{22,128}$/, 'Malformed token');
export const ZUpdateMeBody = z.strictObject({
  fullName: ZLine.trim().max(120).optional(),
  greetingName: ZLine.trim().max(60).optional(),
  company: ZLine.trim().max(120).optional(),
  profilePic: ZLine.url().max(2048).nullable().optional(),
  region: ZRegion.optional(),
  lang: ZLang.optional(),
});
export type TUpdateMeBody = z.infer<typeof ZUpdateMeBody>;
export const ZInviteBody = z.strictObject({ email: ZEmail, lang: ZLang.optional() });
export const ZInviteId = z.string().regex(/^[A-Za-z0-9_-]{22,128}$/, 'Malformed invite id');
export const ZAcceptInviteBody = z.strictObject({
  password: ZPassword,
  fullName: ZLine.trim().max(120).optional(),
});
export const ZCreatedInvite = z.object({ id: z.string(), email: z.string(), expiresAt: z.string() });
