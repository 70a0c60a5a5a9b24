/** A signed-in account as far as teams go (the access token's claims have this shape): a team member writes under its admin's root. */
export interface TTeamSeat {
  /** The account's id. */
  sub: string;
  isTeamMember: boolean;
  parentAdminId: string | null;
}

/** The admin of a team member; null for everyone else (a member whose admin is gone included). */
export function teamAdminOf(seat: Pick<TTeamSeat, 'isTeamMember' | 'parentAdminId'>): string | null {
  return seat.isTeamMember && seat.parentAdminId ? seat.parentAdminId : null;
}

/**
 * The account whose storage and dashboard root an account's transfers go to (PRODUCT.md
 * section 6): the admin's for a team member, the account's own otherwise.
 */
export function storageOwnerId(seat: TTeamSeat): string {
  return teamAdminOf(seat) ?? seat.sub;
}

/** Where a signed-in sender's uploads are granted: under the admin's root, by the member, for a team member. */
export function userGrantOwner(seat: TTeamSeat): { type: 'teamUpload'; adminId: string; memberId: string } | { type: 'userUpload'; userId: string } {
  const adminId = teamAdminOf(seat);
  return adminId ? { type: 'teamUpload', adminId, memberId: seat.sub } : { type: 'userUpload', userId: seat.sub };
}
