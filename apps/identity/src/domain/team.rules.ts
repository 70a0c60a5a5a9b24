import { getPlanLimits } from '@ferry/plans';
import { DAY_MS } from './identity.deps';
import type { TeamInviteRecord } from './identity.ports';

export const TEAM_INVITE_TTL_MS = 7 * DAY_MS;

/** Team size the admin's plan allows, the admin included; 0 when the plan has no team. */
export function teamSizeLimit(role: string): number {
  return getPlanLimits(role).teamLimit ?? 0;
}

export function isInvitePending(invite: TeamInviteRecord | undefined, now: Date): invite is TeamInviteRecord {
  return (
    invite !== undefined && invite.acceptedAt === null && invite.withdrawnAt === null && invite.expiresAt.getTime() > now.getTime()
  );
}
