import type { TSubscriptionChanged } from '@ferry/contracts';
import type { IdentityDeps } from './identity.deps';
import type { IdentityTx } from './identity.ports';
import { revokeUserTokens } from './revoke-sessions';

/**
 * Billing changed an admin's subscription: the admin and every member of the team take the plan
 * (stored as its package code, as signup stores it) and the subscription's status, and their
 * access tokens end so the next refresh carries the new plan. An older change is ignored.
 */
export async function applySubscriptionChange(deps: IdentityDeps, tx: IdentityTx, event: TSubscriptionChanged): Promise<void> {
  const admin = await tx.findUserById(event.adminId, { forUpdate: true });
  if (!admin || admin.isTeamMember) return;
  const members = await tx.listTeamMembers(admin.id);
  const changed = await tx.applyPlanChange(
    [admin.id, ...members.map((member) => member.id)],
    { role: event.planCode, status: event.userStatus, changedAt: new Date(event.changedAt) },
    deps.clock(),
  );
  // Members sign in on the admin's plan (withTeamPlan): when the admin's changes, so does theirs.
  const affected = new Set(changed.includes(admin.id) ? [...changed, ...members.map((member) => member.id)] : changed);
  for (const userId of affected) await revokeUserTokens(deps, tx, userId);
  deps.log.info({ adminId: admin.id, planCode: event.planCode, status: event.userStatus, users: changed.length }, 'subscription applied');
}
