import { roleForPlan } from './plan-limits';
import { UNSUBSCRIBED_ROLES } from './plan-table';

/** Subscription states in which a paid plan's limits hold (PRODUCT.md sections 2, 4 and 5). */
const ENTITLED_STATUSES: ReadonlySet<string> = new Set(['trialing', 'active']);

/**
 * The plan whose limits a user gets: the chosen one while its subscription is trialing or active;
 * otherwise the Free plan — a paid plan chosen at signup whose card step was not done (`unpaid`),
 * a past-due, unpaid or cancelled subscription (those also block sending) never give paid limits.
 */
export function entitledPlan(roleOrPlanCode: string | null | undefined, status: string | null | undefined): string {
  const role = roleForPlan(roleOrPlanCode);
  if ((UNSUBSCRIBED_ROLES as readonly string[]).includes(role)) return roleOrPlanCode ?? 'undefined';
  return ENTITLED_STATUSES.has(status ?? '') ? (roleOrPlanCode as string) : 'Free';
}
