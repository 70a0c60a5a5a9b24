import type { TPackage, TPlanCode, TPlanCodeInfo, TRole } from './plans.types';

// Sizes are binary: 1 GB = 1024^3 bytes, 1 TB = 1024^4 bytes.
const GB = 1024 ** 3;
const TB = 1024 ** 4;

export const ROLES: readonly TRole[] = Object.freeze([
  'undefined',
  'anon',
  'free',
  'personal',
  'pro',
  'business',
  'businessplus',
  'businesselite',
  'team',
  'teamplus',
  'teamelite',
]);

/** Roles without a subscription: one expiry choice, the trial pitch when over a limit. */
export const UNSUBSCRIBED_ROLES: readonly TRole[] = Object.freeze(['undefined', 'anon', 'free']);

const BUSINESS_PRICES = { monthly: 69, yearly: 588 };

/** The tables are shared by every caller (and the browser): nobody may change them at runtime. */
function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) {
    if (typeof inner === 'object' && inner !== null && !Object.isFrozen(inner)) deepFreeze(inner as object);
  }
  return Object.freeze(value);
}

/**
 * PRODUCT.md section 9, "Packages". Where the marketing text disagrees with this table
 * (it promises 50 recipients with a subscription and 20 for free, and 20 GB of free
 * storage), the table wins: free gets 6 recipients and 10 GB.
 * Custom sending domains are "business and above" (section 5), so every role from
 * business up has emailDomain 1; the table only spells it out for business.
 * The larger business and team roles show business's price (as the product displays them);
 * they have no package code of their own.
 */
export const PACKAGES: Readonly<Record<TRole, TPackage>> = deepFreeze({
  undefined: { uploadLimit: 3 * GB, storageLimit: 5 * GB, emailTo: 6, fileLimit: 100, teamLimit: null, emailDomain: 0, prices: { monthly: null, yearly: null } },
  anon: { uploadLimit: 3 * GB, storageLimit: 5 * GB, emailTo: 6, fileLimit: 50, teamLimit: null, emailDomain: 0, prices: { monthly: null, yearly: null } },
  free: { uploadLimit: 3 * GB, storageLimit: 10 * GB, emailTo: 6, fileLimit: 50, teamLimit: null, emailDomain: 0, prices: { monthly: 0, yearly: 0 } },
  personal: { uploadLimit: 10 * GB, storageLimit: 50 * GB, emailTo: 21, fileLimit: 50, teamLimit: 1, emailDomain: 0, prices: { monthly: 12, yearly: 108 } },
  pro: { uploadLimit: 25 * GB, storageLimit: 200 * GB, emailTo: 50, fileLimit: 250, teamLimit: 2, emailDomain: 0, prices: { monthly: 29, yearly: 228 } },
  business: { uploadLimit: 100 * GB, storageLimit: 1 * TB, emailTo: 100, fileLimit: 1500, teamLimit: 5, emailDomain: 1, prices: BUSINESS_PRICES },
  businessplus: { uploadLimit: 100 * GB, storageLimit: 1 * TB, emailTo: 150, fileLimit: 1500, teamLimit: 10, emailDomain: 1, prices: BUSINESS_PRICES },
  businesselite: { uploadLimit: 150 * GB, storageLimit: 1.5 * TB, emailTo: 200, fileLimit: null, teamLimit: 20, emailDomain: 1, prices: BUSINESS_PRICES },
  team: { uploadLimit: 200 * GB, storageLimit: 2 * TB, emailTo: 250, fileLimit: null, teamLimit: 25, emailDomain: 1, prices: BUSINESS_PRICES },
  teamplus: { uploadLimit: 2.5 * TB, storageLimit: 2.5 * TB, emailTo: 300, fileLimit: null, teamLimit: 30, emailDomain: 1, prices: BUSINESS_PRICES },
  teamelite: { uploadLimit: 2.5 * TB, storageLimit: 3 * TB, emailTo: 300, fileLimit: null, teamLimit: 50, emailDomain: 1, prices: BUSINESS_PRICES },
});

/** Package selection codes (PRODUCT.md section 4), in catalogue order. */
export const PLAN_CODES: Readonly<Record<TPlanCode, TPlanCodeInfo>> = deepFreeze({
  Free: { code: 'Free', role: 'free', period: null },
  PM: { code: 'PM', role: 'personal', period: 'monthly' },
  PY: { code: 'PY', role: 'personal', period: 'yearly' },
  PRM: { code: 'PRM', role: 'pro', period: 'monthly' },
  PRY: { code: 'PRY', role: 'pro', period: 'yearly' },
  BM: { code: 'BM', role: 'business', period: 'monthly' },
  BY: { code: 'BY', role: 'business', period: 'yearly' },
});

export const DEFAULT_PLAN_CODE: TPlanCode = 'PRM';

/** Paid plans start with a trial (card required). */
export const TRIAL_DAYS = 7;

/** How a role reads in messages ("Your pro plan …"); anonymous and unknown users are on the free tier. */
export const PLAN_NAMES: Readonly<Record<TRole, string>> = {
  undefined: 'free',
  anon: 'free',
  free: 'free',
  personal: 'personal',
  pro: 'pro',
  business: 'business',
  businessplus: 'business plus',
  businesselite: 'business elite',
  team: 'team',
  teamplus: 'team plus',
  teamelite: 'team elite',
};
