import type { TUserRegistered } from '@ferry/contracts';
import type { UserRecord } from './identity.ports';

export function registeredEventOf(user: UserRecord): Omit<TUserRegistered, 'eventId'> {
  return {
    userId: user.id,
    email: user.email,
    role: user.role,
    status: user.status,
    lang: user.lang,
    isTeamMember: user.isTeamMember,
    parentAdminId: user.parentAdminId,
    at: user.createdAt.toISOString(),
  };
}
