import { AppError, type TCaller } from '@ferry/contracts';

/** Billing belongs to the team's admin (or a user on their own); a member is refused. */
export function billingAdminOf(caller: TCaller): { adminId: string; email: string } {
  if (caller.isTeamMember) throw new AppError('FORBIDDEN', { message: "Billing is managed by your team's admin." });
  return { adminId: caller.sub, email: caller.email };
}

export function noSubscriptionError(): AppError {
  return new AppError('NO_SUBSCRIPTION', { message: 'There is no subscription to change.' });
}
