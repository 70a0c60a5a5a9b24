/** Every role the product knows (PRODUCT.md section 6), including `anon` and the `undefined` fallback. */
export type TRole =
  | 'undefined'
  | 'anon'
  | 'free'
  | 'personal'
  | 'pro'
  | 'business'
  | 'businessplus'
  | 'businesselite'
  | 'team'
  | 'teamplus'
  | 'teamelite';

/** Package selection codes (PRODUCT.md section 4) plus `Free`. */
export type TPlanCode = 'Free' | 'PM' | 'PY' | 'PRM' | 'PRY' | 'BM' | 'BY';

export type TBillingPeriod = 'monthly' | 'yearly';

export interface TPrices {
  monthly: number | null;
  yearly: number | null;
}

/** One row of the package table. Sizes in bytes. */
export interface TPackage {
  uploadLimit: number;
  storageLimit: number;
  /** Most recipients of one transfer. */
  emailTo: number;
  /** Most files in one transfer; null = no limit. */
  fileLimit: number | null;
  /** Team size allowed, the admin included; null = no team. */
  teamLimit: number | null;
  /** Custom sending domains allowed. */
  emailDomain: number;
  prices: TPrices;
}

export interface PlanLimits {
  role: TRole;
  uploadLimit: number;
  storageLimit: number;
  emailTo: number;
  fileLimit: number | null;
  teamLimit: number | null;
  emailDomain: number;
}

export interface TPlanCodeInfo {
  code: TPlanCode;
  role: TRole;
  /** null for Free. */
  period: TBillingPeriod | null;
}

/** One entry of the public catalogue (`GET /plans`). */
export interface TPlanListing {
  code: TPlanCode;
  role: TRole;
  period: TBillingPeriod | null;
  /** Price for the period (a year's price for yearly codes); 0 for Free. */
  price: number;
  isDefault: boolean;
  trialDays: number;
  limits: PlanLimits;
}

export interface TLimitAction {
  label: string;
  kind: 'startTrial' | 'upgrade' | 'contactSupport';
}

export type TLimitCode = 'OVER_TRANSFER_LIMIT' | 'TOO_MANY_RECIPIENTS' | 'TOO_MANY_FILES';

export interface TLimitViolation {
  ok: false;
  code: TLimitCode;
  title: string;
  message: string;
  action?: TLimitAction;
  /** The plan's allowance and what was asked for, in the check's unit (bytes or a count). */
  limit: number;
  actual: number;
}

export type TLimitCheck = { ok: true } | TLimitViolation;

export type TStorageState = 'ok' | 'almostFull' | 'full';

/** An expiry choice by name (the web app's translation key): the four durations and the custom date. */
export type TExpiryName = 'week' | 'month' | 'threeMonths' | 'year' | 'custom';

export interface TExpiryChoice {
  seconds: number;
  name: TExpiryName;
  label: string;
  /** True for the custom-date marker (604801): the date comes from a picker. */
  isCustomDate: boolean;
  isEnabled: boolean;
}

export type TBlockedReason = 'trialExpired' | 'storageFull' | 'suspended' | 'subscriptionOver';

export interface TBlockedNotice {
  reason: TBlockedReason;
  title: string;
  message: string;
  action: TLimitAction;
}
