import { entitledPlan, getPlanLimits } from '@ferry/plans';
import { DAY_MS, MINUTE_MS } from './identity.deps';
import type { TeamInviteRecord, UserRecord } from './identity.ports';

export const TEAM_INVITE_TTL_MS = 7 * DAY_MS;
/** An invite is mailed again at most once a minute: a resend button must not become a mail cannon. */
export const INVITE_RESEND_INTERVAL_MS = MINUTE_MS;

/** Team size the admin's plan allows while it is paid for (trialing or active), the admin included; 0 without a team. */
export function teamSizeLimit(admin: { role: string; status: string }): number {
  return getPlanLimits(entitledPlan(admin.role, admin.status)).teamLimit ?? 0;
}

/** Seats in use: the admin, every member and every pending invite. */
export function seatsTaken(team: { members: number; pendingInvites: number }): number {
  return 1 + team.members + team.pendingInvites;
}

export function isInvitePending(invite: TeamInviteRecord | undefined, now: Date): invite is TeamInviteRecord {
  return (
    invite !== undefined && invite.acceptedAt === null && invite.withdrawnAt === null && invite.expiresAt.getTime() > now.getTime()
  );
}

/** Milliseconds until the invite may be mailed again; 0 when it may now. */
export function inviteResendWaitMs(invite: TeamInviteRecord, now: Date): number {
  const lastSentAt = invite.lastSentAt ?? invite.createdAt;
  return Math.max(0, lastSentAt.getTime() + INVITE_RESEND_INTERVAL_MS - now.getTime());
}

/**
 * A member works on their admin's plan, read from the admin whenever it is used (a session, /me):
 * a copy taken when they joined would go stale when the admin's subscription changes.
 */
export function withTeamPlan(user: UserRecord, admin: UserRecord | undefined): UserRecord {
  return user.isTeamMember && admin ? { ...user, role: admin.role, status: admin.status } : user;
}
