import { DEFAULT_PLAN_CODE, PACKAGES, PLAN_CODES, ROLES, TRIAL_DAYS } from './plan-table';
import type { PlanLimits, TPlanCode, TPlanCodeInfo, TPlanListing, TRole } from './plans.types';

const CODES_BY_KEY = new Map<string, TPlanCodeInfo>(
  Object.values(PLAN_CODES).map((info) => [info.code.toLowerCase(), info]),
);
const ROLES_BY_KEY = new Map<string, TRole>(ROLES.map((role) => [role, role]));

/** The code's role and period, or null when it is not a package code. Case-insensitive. */
export function parsePlanCode(code: string | null | undefined): TPlanCodeInfo | null {
  if (typeof code !== 'string') return null;
  return CODES_BY_KEY.get(code.trim().toLowerCase()) ?? null;
}

export function isPlanCode(value: unknown): value is TPlanCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(PLAN_CODES, value);
}

/**
 * The role a stored plan code or role name stands for ('PRM' -> 'pro', 'Free' -> 'free',
 * 'business' -> 'business'). Case-insensitive; anything unknown is 'undefined', which has
 * its own (free-tier) limits.
 */
export function roleForPlan(codeOrRole: string | null | undefined): TRole {
  if (typeof codeOrRole !== 'string') return 'undefined';
  const key = codeOrRole.trim().toLowerCase();
  return CODES_BY_KEY.get(key)?.role ?? ROLES_BY_KEY.get(key) ?? 'undefined';
}

/** The package table's limits for a role or plan code. */
export function getPlanLimits(roleOrPlanCode: string | null | undefined): PlanLimits {
  const role = roleForPlan(roleOrPlanCode);
  const { uploadLimit, storageLimit, emailTo, fileLimit, teamLimit, emailDomain } = PACKAGES[role];
  return { role, uploadLimit, storageLimit, emailTo, fileLimit, teamLimit, emailDomain };
}

/** The public catalogue behind `GET /plans`: every package code with its price and limits. */
export function listPlans(): TPlanListing[] {
  return Object.values(PLAN_CODES).map(({ code, role, period }) => {
    const { prices } = PACKAGES[role];
    const price = period === null ? 0 : (prices[period] ?? 0);
    return {
      code,
      role,
      period,
      price,
      isDefault: code === DEFAULT_PLAN_CODE,
      trialDays: period === null ? 0 : TRIAL_DAYS,
      limits: getPlanLimits(role),
    };
  });
}
