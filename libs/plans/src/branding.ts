import { roleForPlan } from './plan-limits';
import { UNSUBSCRIBED_ROLES } from './plan-table';
import type { TRole } from './plans.types';

/** Business and above may hide the 'Powered by Ferry' mark (PRODUCT.md sections 2 and 9). */
const POWERED_BY_OPTIONAL: ReadonlySet<TRole> = new Set<TRole>(['business', 'businessplus', 'businesselite', 'team', 'teamplus', 'teamelite']);

/** Paid plans put the company's logo, accent colour and background on download and request pages and in mails. */
export function canCustomizeBrand(roleOrPlanCode: string | null | undefined): boolean {
  return !(UNSUBSCRIBED_ROLES as readonly string[]).includes(roleForPlan(roleOrPlanCode));
}

/** Business plans can hide the 'Powered by Ferry' mark. */
export function canHidePoweredBy(roleOrPlanCode: string | null | undefined): boolean {
  return POWERED_BY_OPTIONAL.has(roleForPlan(roleOrPlanCode));
}

/** Business plans put the company's links on its own download host (PRODUCT.md: customDomainOption custom). */
export function canUseDownloadHost(roleOrPlanCode: string | null | undefined): boolean {
  return POWERED_BY_OPTIONAL.has(roleForPlan(roleOrPlanCode));
}
