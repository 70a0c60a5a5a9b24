import { AppError, type TAccessClaims } from '@ferry/contracts';

/**
 * Billing belongs to the team's admin: a member's call to a billing route is refused at the edge,
 * whichever payment provider runs behind it (billing checks it too, but not on every provider's path).
 */
export function billingAdmin(user: TAccessClaims): TAccessClaims {
  if (user.isTeamMember) throw new AppError('FORBIDDEN', { message: "Billing is managed by your team's admin." });
  return user;
}
