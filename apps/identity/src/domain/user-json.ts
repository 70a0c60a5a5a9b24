import type { TUser } from '@ferry/contracts';
import { entitledPlan } from '@ferry/plans';
import type { UserRecord, UserStore } from './identity.ports';
import { withTeamPlan } from './team.rules';

/** The public view of a user (`ZUser`); a member carries their admin's card. */
export function toUserJson(user: UserRecord, parentAdmin: UserRecord | undefined): TUser {
  const onPlan = withTeamPlan(user, parentAdmin);
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    greetingName: user.greetingName,
    company: user.company,
    profilePic: user.profilePic,
    region: user.region,
    role: entitledPlan(onPlan.role, onPlan.status),
    plan: onPlan.role,
    status: onPlan.status,
    lang: user.lang,
    loginCount: user.loginCount,
    isTeamMember: user.isTeamMember,
    parentAdmin:
      user.isTeamMember && parentAdmin
        ? {
            parentAdminId: parentAdmin.id,
            parentEmail: parentAdmin.email,
            parentAdminFullName: parentAdmin.fullName,
            parentAdminProfilePic: parentAdmin.profilePic,
          }
        : null,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function loadUserJson(store: UserStore, user: UserRecord): Promise<TUser> {
  const parentAdmin = user.parentAdminId ? await store.findUserById(user.parentAdminId) : undefined;
  return toUserJson(user, parentAdmin);
}
