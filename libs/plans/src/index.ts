export {
  ROLES,
  UNSUBSCRIBED_ROLES,
  PACKAGES,
  PLAN_CODES,
  DEFAULT_PLAN_CODE,
  TRIAL_DAYS,
  PLAN_NAMES,
} from './plan-table';
export { formatBytes } from './format-bytes';
export { roleForPlan, getPlanLimits, parsePlanCode, isPlanCode, listPlans } from './plan-limits';
export {
  checkUploadSize,
  checkRecipients,
  checkFileCount,
  checkStorage,
  checkTransferLimits,
  isMonthlyCapReached,
  FREE_MONTHLY_TRANSFER_CAP,
  STORAGE_ALMOST_FULL_RATIO,
  TRIAL_ACTION,
} from './limit-checks';
export { limitError, assertTransferLimits } from './limit-error';
export { teamAdminOf, storageOwnerId, userGrantOwner } from './team-owner';
export type { TTeamSeat } from './team-owner';
export {
  EXPIRY_SECONDS,
  expiryNameOf,
  expiryChoicesFor,
  isExpiryChoiceAllowed,
  isCustomExpiryValid,
  DEFAULT_EXPIRY_SECONDS,
  CUSTOM_EXPIRY_MARKER,
  CUSTOM_EXPIRY_MIN_MS,
  CUSTOM_EXPIRY_MAX_MS,
} from './expiry';
export { blockedReason, blockedNotice } from './blocked-reason';
export { entitledPlan } from './entitlement';
export { canCustomizeBrand, canHidePoweredBy, canUseDownloadHost } from './branding';
export { anonymousFileBlock } from './file-filters';
export type { TAnonymousFileBlock } from './file-filters';
export type { BlockedReasonInput } from './blocked-reason';
export type {
  TRole,
  TPlanCode,
  TBillingPeriod,
  TPrices,
  TPackage,
  PlanLimits,
  TPlanCodeInfo,
  TPlanListing,
  TLimitAction,
  TLimitCode,
  TLimitViolation,
  TLimitCheck,
  TStorageState,
  TExpiryChoice,
  TExpiryName,
  TBlockedReason,
  TBlockedNotice,
} from './plans.types';
