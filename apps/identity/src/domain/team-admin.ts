import type { UserRecord, UserStore } from './identity.ports';
import { teamAdminOnlyError, userNotFoundError } from './identity.errors';

/** The caller as the admin of their team; a member is refused (403), whatever their token says. */
export async function loadTeamAdmin(store: UserStore, userId: string, options: { forUpdate?: boolean } = {}): Promise<UserRecord> {
  const admin = await store.findUserById(userId, options);
  if (!admin) throw userNotFoundError();
  if (admin.isTeamMember) throw teamAdminOnlyError();
  return admin;
}
