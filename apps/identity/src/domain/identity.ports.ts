import type { AccountLifecycleStore } from './account-lifecycle.ports';
import type { EventDef, TDownloadHostProblem, TSendingDomainProblem, TPictureKind, TCodePurpose, TLang, TRegion, TUpdateSettingsBody, TUserSettings, TUserStatus } from '@ferry/contracts';

/** What the domain needs from storage; `store/` implements it with knex. */

export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string;
  fullName: string | null;
  greetingName: string | null;
  company: string | null;
  profilePic: string | null;
  region: TRegion;
  role: string;
  status: TUserStatus;
  lang: TLang;
  loginCount: number;
  isTeamMember: boolean;
  parentAdminId: string | null;
  /** Goes into every access token; raised when the user's tokens must stop working. */
  tokenVersion: number;
  createdAt: Date;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  fullName: string | null;
  company: string | null;
  region: TRegion;
  role: string;
  status: TUserStatus;
  lang: TLang;
  loginCount: number;
  isTeamMember: boolean;
  parentAdminId: string | null;
  referrer: string | null;
  fingerprint: Record<string, unknown> | null;
  emailVerifiedAt: Date;
  now: Date;
}

export interface ProfilePatch {
  fullName?: string;
  greetingName?: string;
  company?: string;
  profilePic?: string | null;
  region?: TRegion;
  lang?: TLang;
}

export interface UserStore {
  findUserById(id: string, options?: { forUpdate?: boolean }): Promise<UserRecord | undefined>;
  findUserByEmail(email: string): Promise<UserRecord | undefined>;
  /** Throws the EMAIL_TAKEN AppError when the address already has an account. */
  insertUser(user: NewUser): Promise<UserRecord>;
  recordLogin(userId: string, now: Date): Promise<UserRecord>;
  updateProfile(userId: string, patch: ProfilePatch, now: Date): Promise<UserRecord | undefined>;
  setPasswordHash(userId: string, passwordHash: string, now: Date): Promise<void>;
  listTeamMembers(adminId: string): Promise<UserRecord[]>;
  /**
   * Sets role and status of these users unless a newer plan change (by the provider's time) was
   * applied already; answers the ids it changed.
   */
  applyPlanChange(userIds: string[], change: { role: string; status: string; changedAt: Date }, now: Date): Promise<string[]>;
  /** Raises the user's token version and answers the new one. */
  bumpTokenVersion(userId: string, now: Date): Promise<number>;
  deleteUser(userId: string): Promise<void>;
}

export interface SessionRevocationRecord {
  userId: string;
  sessionId: string | null;
  minVersion: number | null;
  createdAt: Date;
  expiresAt: Date;
}

export interface HousekeepingStore {
  /** Deletes rows no rule reads any more; answers how many. */
  deleteStaleRows(cutoffs: { now: Date; throttlesBefore: Date; resetRequestsBefore: Date; codeFailuresBefore: Date }): Promise<number>;
}

export interface SessionRevocationStore {
  insertSessionRevocation(revocation: SessionRevocationRecord): Promise<void>;
  /** Revocations still in force at `now`; older ones are deleted on the way. */
  listSessionRevocations(now: Date): Promise<SessionRevocationRecord[]>;
}

export interface EmailCodeRecord {
  email: string;
  purpose: TCodePurpose;
  codeHash: string;
  codeEncrypted: string;
  attempts: number;
  issuedAt: Date;
  lastSentAt: Date;
  expiresAt: Date;
  consumedAt: Date | null;
}

export interface EmailCodeStore {
  /** Serialises requests and checks for one (email, purpose) until the transaction ends. */
  lockEmailCode(email: string, purpose: TCodePurpose): Promise<EmailCodeRecord | undefined>;
  saveEmailCode(code: EmailCodeRecord): Promise<void>;
  /**
   * When the `nth` newest failed check of this email since `since` happened (from `network` only,
   * when given); undefined when there are fewer.
   */
  findNthNewestEmailCodeFailure(email: string, options: { since: Date; nth: number; network?: string }): Promise<Date | undefined>;
  recordEmailCodeFailure(email: string, network: string, now: Date): Promise<void>;
  recordEmailVerification(email: string, purpose: TCodePurpose, now: Date, ticketHash: string): Promise<void>;
  /** Uses up the verification that `ticketHash` proves, if it is for this email and recent; false otherwise. */
  consumeEmailVerification(email: string, purpose: TCodePurpose, since: Date, ticketHash: string, now: Date): Promise<boolean>;
  /** Whether `ticketHash` proves a verification of this email for `purpose` since `since` (not used up by this). */
  hasEmailVerification(email: string, purpose: TCodePurpose, since: Date, ticketHash: string): Promise<boolean>;
}

export interface RefreshTokenRecord {
  id: string;
  userId: string;
  familyId: string;
  parentId: string | null;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  rotatedAt: Date | null;
  revokedAt: Date | null;
  ip: string | null;
  userAgent: string | null;
}

export interface RefreshTokenStore {
  insertRefreshToken(token: RefreshTokenRecord): Promise<void>;
  /** Locks the row (`for update`) so two refreshes of one token cannot both rotate it. */
  lockRefreshToken(id: string): Promise<RefreshTokenRecord | undefined>;
  /** The tokens a rotation of this one issued, locked (`for update`) until the transaction ends. */
  findRefreshTokenChildren(parentId: string): Promise<RefreshTokenRecord[]>;
  markRefreshTokenRotated(id: string, now: Date): Promise<void>;
  revokeRefreshTokenFamily(familyId: string, now: Date): Promise<void>;
  revokeUserRefreshTokens(userId: string, now: Date): Promise<void>;
  deleteUserRefreshTokens(userId: string): Promise<void>;
}

export interface PasswordResetRecord {
  id: string;
  userId: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface PasswordResetStore {
  insertPasswordReset(reset: PasswordResetRecord): Promise<void>;
  findPasswordReset(tokenHash: string, options?: { forUpdate?: boolean }): Promise<PasswordResetRecord | undefined>;
  /** Marks every unused reset token of the user used, the one being redeemed included. */
  usePasswordResets(userId: string, now: Date): Promise<void>;
  /** Serialises reset requests for one address (an account or not) until the transaction ends. */
  lockPasswordResetRequests(email: string): Promise<void>;
  /** When the `nth` newest reset request for this address since `since` was made; undefined when there are fewer. */
  findNthNewestPasswordResetRequest(email: string, options: { since: Date; nth: number }): Promise<Date | undefined>;
  insertPasswordResetRequest(email: string, now: Date): Promise<void>;
}

export interface TeamInviteRecord {
  id: string;
  adminId: string;
  email: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  withdrawnAt: Date | null;
  /** When the mail last went out again (a resend); null: only when it was created. */
  lastSentAt?: Date | null;
}

export interface TeamInviteStore {
  insertInvite(invite: TeamInviteRecord): Promise<void>;
  findInvite(tokenHash: string, options?: { forUpdate?: boolean }): Promise<TeamInviteRecord | undefined>;
  /** Invites not accepted, not withdrawn and not expired at `now`. */
  listPendingInvites(adminId: string, now: Date): Promise<TeamInviteRecord[]>;
  withdrawPendingInvites(adminId: string, email: string, now: Date): Promise<void>;
  markInviteAccepted(inviteId: string, memberId: string, now: Date): Promise<void>;
  /** By its id (what the admin's team list shows), never by its token. */
  findInviteById(inviteId: string, options?: { forUpdate?: boolean }): Promise<TeamInviteRecord | undefined>;
  /** A new link for the invite: the old token hash is replaced, so the old link stops working. */
  renewInvite(inviteId: string, renewal: { tokenHash: string; expiresAt: Date; sentAt: Date }): Promise<void>;
  withdrawInvite(inviteId: string, now: Date): Promise<void>;
}

export interface ApiTokenRecord {
  id: string;
  userId: string;
  name: string;
  tokenHash: string;
  hint: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export interface ApiTokenStore {
  insertApiToken(token: Omit<ApiTokenRecord, 'lastUsedAt' | 'revokedAt'>): Promise<void>;
  /** The user's tokens that are not revoked (expired ones too), newest first. */
  listApiTokens(userId: string): Promise<ApiTokenRecord[]>;
  countActiveApiTokens(userId: string, now: Date): Promise<number>;
  findApiTokenByHash(tokenHash: string): Promise<ApiTokenRecord | undefined>;
  /** Answers whether a live token of this user was revoked now. */
  revokeApiToken(userId: string, tokenId: string, now: Date): Promise<boolean>;
  /** Notes a use unless one was noted after `unlessAfter`: one write a minute at most, whatever the traffic. */
  touchApiToken(tokenId: string, now: Date, unlessAfter: Date): Promise<void>;
}

export interface NewFeedback {
  userId: string | null;
  email: string | null;
  rating: string;
  comment: string;
  page: string | null;
  userAgent: string | null;
  now: Date;
}

export interface FeedbackStore {
  insertFeedback(feedback: NewFeedback): Promise<{ id: string }>;
}

/** The settings tab's transfer and request settings (defaults where the user set nothing). */
export interface UserSettingsStore {
  findUserSettings(userId: string): Promise<TUserSettings>;
  /** Sets the fields present in the patch, keeping the others; answers the settings after it. */
  mergeUserSettings(userId: string, patch: TUpdateSettingsBody, now: Date): Promise<TUserSettings>;
}

/** An account's pictures (storage file ids) and brand. */
export interface BrandRecord {
  userId: string;
  pictures: Record<TPictureKind, string | null>;
  accentColor: string | null;
  hidePoweredBy: boolean;
}

export interface BrandStore {
  /** The account's brand; an empty one when nothing was set. */
  findBrand(userId: string): Promise<BrandRecord>;
  saveBrand(brand: BrandRecord, now: Date): Promise<void>;
  /** Whether a file is any account's kept picture. */
  isKeptPicture(fileId: string): Promise<boolean>;
}

/** A company's custom download host (see the download_hosts migration). */
export interface DownloadHostRecord {
  companyId: string;
  host: string;
  status: 'pending' | 'verified';
  problem: TDownloadHostProblem | null;
  found: string | null;
  checkedAt: Date | null;
  verifiedAt: Date | null;
}

export interface DownloadHostStore {
  findDownloadHost(companyId: string, options?: { forUpdate?: boolean }): Promise<DownloadHostRecord | null>;
  /** The company that has this host verified; null when none has. */
  findDownloadHostByName(host: string): Promise<DownloadHostRecord | null>;
  /** Inserts or replaces the company's host; false when another company has that host verified. */
  saveDownloadHost(record: DownloadHostRecord, now: Date): Promise<boolean>;
  deleteDownloadHost(companyId: string): Promise<void>;
  /** Every host, for the background re-check. */
  listDownloadHosts(): Promise<DownloadHostRecord[]>;
}

/** A company's custom sending domain (see the sending_domains migration). */
export interface SendingDomainRecord {
  companyId: string;
  domain: string;
  selector: string;
  /** Sealed with EVENT_SEAL_KEY as an event field named `privateKey`. */
  privateKeySealed: string;
  /** Base64 SubjectPublicKeyInfo (DER), the DKIM record's `p=`. */
  publicKey: string;
  status: 'pending' | 'verified';
  problems: TSendingDomainProblem[];
  /** The records the last check found: 'dkim', 'spf', 'dmarc'. */
  found: Array<'dkim' | 'spf' | 'dmarc'>;
  checkedAt: Date | null;
  verifiedAt: Date | null;
}

export interface SendingDomainStore {
  findSendingDomain(companyId: string, options?: { forUpdate?: boolean }): Promise<SendingDomainRecord | null>;
  /** Inserts or replaces the company's domain; false when another company has that domain. */
  saveSendingDomain(record: SendingDomainRecord, now: Date): Promise<boolean>;
  deleteSendingDomain(companyId: string): Promise<void>;
  listSendingDomains(): Promise<SendingDomainRecord[]>;
}

export interface IdentityStore extends SendingDomainStore, DownloadHostStore, BrandStore, AccountLifecycleStore, UserSettingsStore, ApiTokenStore, UserStore, HousekeepingStore, SessionRevocationStore, EmailCodeStore, RefreshTokenStore, PasswordResetStore, TeamInviteStore, FeedbackStore {
  /** Runs `work` in one transaction; the store it gets writes inside that transaction. */
  transaction<T>(work: (tx: IdentityTx) => Promise<T>): Promise<T>;
}

export interface IdentityTx extends SendingDomainStore, DownloadHostStore, BrandStore, AccountLifecycleStore, UserSettingsStore, ApiTokenStore, UserStore, HousekeepingStore, SessionRevocationStore, EmailCodeStore, RefreshTokenStore, PasswordResetStore, TeamInviteStore, FeedbackStore {
  /** Writes an event to the outbox; it is published only if the transaction commits. */
  emit<T extends { eventId: string }>(event: EventDef<T>, input: Omit<T, 'eventId'>): Promise<T>;
}

/** Failed logins of one address (an account or not); see login-throttle.rules.ts. */
export interface LoginThrottleRecord {
  email: string;
  failures: number;
  lastFailureAt: Date;
  /** No login for this address is checked before then. */
  blockedUntil: Date | null;
}

/**
 * Outside the identity transaction on purpose: an attempt is counted and committed before the
 * password is checked, whatever happens after.
 */
export interface LoginThrottleStore {
  /** Runs `decide` on the address's throttle with it locked (undefined: none yet) and saves the `next` it returns. */
  takeLoginAttempt<T extends { next?: LoginThrottleRecord }>(email: string, decide: (current: LoginThrottleRecord | undefined) => T): Promise<T>;
  clearLoginThrottle(email: string): Promise<void>;
}
