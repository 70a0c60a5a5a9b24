import { PACKAGES, PLAN_CODES, TRIAL_DAYS, parsePlanCode, roleForPlan, type TBillingPeriod, type TPlanCode } from '@ferry/plans';

/** The four plans the pricing page shows, in order. */
export const PRICED_ROLES = ['free', 'personal', 'pro', 'business'] as const;
export type TPricedRole = (typeof PRICED_ROLES)[number];

export interface PlanCard {
  role: TPricedRole;
  /** The package code the plan's button registers with (`/register?plan=<code>`). */
  code: TPlanCode;
  /** Price for the period: a month's for monthly, a year's for yearly; 0 for free. */
  price: number;
  /** A yearly price spread over 12 months (rounded to cents); equals `price` for monthly. */
  perMonth: number;
  /** Percent saved by paying yearly instead of 12 monthly payments (0 for free). */
  yearlySavingPercent: number;
  trialDays: number;
  uploadLimit: number;
  storageLimit: number;
  emailTo: number;
  fileLimit: number | null;
  teamLimit: number | null;
  emailDomain: number;
}

function codeFor(role: TPricedRole, period: TBillingPeriod): TPlanCode {
  const match = Object.values(PLAN_CODES).find((info) => info.role === role && (info.period === null || info.period === period));
  if (!match) throw new Error(`No package code for ${role} ${period}`);
  return match.code;
}

function savingPercent(monthly: number, yearly: number): number {
  return monthly > 0 ? Math.floor((1 - yearly / (monthly * 12)) * 100) : 0;
}

/** The pricing page's cards for a billing period, from the package table of `@ferry/plans`. */
export function planCards(period: TBillingPeriod): PlanCard[] {
  return PRICED_ROLES.map((role) => {
    const pkg = PACKAGES[role];
    const monthly = pkg.prices.monthly ?? 0;
    const yearly = pkg.prices.yearly ?? 0;
    const price = period === 'monthly' ? monthly : yearly;
    return {
      role,
      code: codeFor(role, period),
      price,
      perMonth: period === 'monthly' ? monthly : Math.round((yearly / 12) * 100) / 100,
      yearlySavingPercent: savingPercent(monthly, yearly),
      trialDays: role === 'free' ? 0 : TRIAL_DAYS,
      uploadLimit: pkg.uploadLimit,
      storageLimit: pkg.storageLimit,
      emailTo: pkg.emailTo,
      fileLimit: pkg.fileLimit,
      teamLimit: pkg.teamLimit,
      emailDomain: pkg.emailDomain,
    };
  });
}

/** The best yearly saving of any plan, for the toggle's "save up to" label. */
export function bestYearlySavingPercent(): number {
  return Math.max(...planCards('yearly').map((card) => card.yearlySavingPercent));
}

/**
 * The plan `?plan=` asks for: a package code (`PRY`, case-insensitive), `free`, or a role name
 * (`pro`); with the code's billing period when it has one. Null for anything else.
 */
export function requestedPlan(plan: string | null): { role: TPricedRole; period: TBillingPeriod | null } | null {
  if (!plan) return null;
  const role = roleForPlan(plan);
  if (!(PRICED_ROLES as readonly string[]).includes(role)) return null;
  return { role: role as TPricedRole, period: parsePlanCode(plan)?.period ?? null };
}
