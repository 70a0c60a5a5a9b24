import { formatBytes } from './format-bytes';
import { PLAN_NAMES, UNSUBSCRIBED_ROLES } from './plan-table';
import { getPlanLimits } from './plan-limits';
import type { TLimitAction, TLimitCheck, TRole, TStorageState } from './plans.types';

/** Free accounts may send this many transfers per calendar month. */
export const FREE_MONTHLY_TRANSFER_CAP = 10;

/** From this share of the storage allowance on, storage is "almost full". */
export const STORAGE_ALMOST_FULL_RATIO = 0.9;

export const TRIAL_ACTION: TLimitAction = { label: 'Get 7-day trial', kind: 'startTrial' };

const OK: TLimitCheck = { ok: true };

function assertCount(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a non-negative number, got ${value}`);
}

function isUnsubscribed(role: TRole): boolean {
  return UNSUBSCRIBED_ROLES.includes(role);
}

/** Whether a transfer of `totalBytes` fits the plan's per-transfer limit. */
export function checkUploadSize(roleOrPlanCode: string | null | undefined, totalBytes: number): TLimitCheck {
  assertCount('totalBytes', totalBytes);
  const { role, uploadLimit } = getPlanLimits(roleOrPlanCode);
  if (totalBytes <= uploadLimit) return OK;
  return {
    ok: false,
    code: 'OVER_TRANSFER_LIMIT',
    title: 'Over transfer limit',
    // The product's copy, "Your" included.
    message: `Your ${PLAN_NAMES[role]} plan is limited to ${formatBytes(uploadLimit)} transfers. Your ${formatBytes(totalBytes - uploadLimit)} over your limit.`,
    limit: uploadLimit,
    actual: totalBytes,
  };
}

/**
 * Whether `count` recipients fit the plan. Without a subscription the answer pitches the
 * trial (the product's copy); a subscriber over the limit is told their own limit.
 */
export function checkRecipients(roleOrPlanCode: string | null | undefined, count: number): TLimitCheck {
  assertCount('count', count);
  const { role, emailTo } = getPlanLimits(roleOrPlanCode);
  if (count <= emailTo) return OK;
  const base = { ok: false as const, code: 'TOO_MANY_RECIPIENTS' as const, title: 'Thats too many people', limit: emailTo, actual: count };
  if (isUnsubscribed(role)) {
    return { ...base, message: 'You can transfer files up to 50 people with a subscription', action: TRIAL_ACTION };
  }
  return { ...base, message: `Your ${PLAN_NAMES[role]} plan can transfer files to up to ${emailTo} people at a time.` };
}

/** Whether `count` files fit the plan's per-transfer file limit (no limit when the table has none). */
export function checkFileCount(roleOrPlanCode: string | null | undefined, count: number): TLimitCheck {
  assertCount('count', count);
  const { role, fileLimit } = getPlanLimits(roleOrPlanCode);
  if (fileLimit === null || count <= fileLimit) return OK;
  return {
    ok: false,
    code: 'TOO_MANY_FILES',
    title: 'Too many files',
    message: `Your ${PLAN_NAMES[role]} plan is limited to ${fileLimit} files per transfer.`,
    ...(isUnsubscribed(role) ? { action: TRIAL_ACTION } : {}),
    limit: fileLimit,
    actual: count,
  };
}

/**
 * The plan's per-transfer limits in the order the product reports them: total size, recipients
 * (when the transfer has them), file count. The first one broken is the answer.
 */
export function checkTransferLimits(roleOrPlanCode: string | null | undefined, transfer: { files: readonly { size: number }[]; recipientCount?: number }): TLimitCheck {
  const checks = [
    () => checkUploadSize(roleOrPlanCode, transfer.files.reduce((sum, f) => sum + f.size, 0)),
    () => (transfer.recipientCount === undefined ? OK : checkRecipients(roleOrPlanCode, transfer.recipientCount)),
    () => checkFileCount(roleOrPlanCode, transfer.files.length),
  ];
  for (const check of checks) {
    const result = check();
    if (!result.ok) return result;
  }
  return OK;
}

/** 'almostFull' from 90% to under 100% of the storage allowance, 'full' from 100%. */
export function checkStorage(roleOrPlanCode: string | null | undefined, usedBytes: number): TStorageState {
  assertCount('usedBytes', usedBytes);
  const { storageLimit } = getPlanLimits(roleOrPlanCode);
  if (usedBytes >= storageLimit) return 'full';
  if (usedBytes >= storageLimit * STORAGE_ALMOST_FULL_RATIO) return 'almostFull';
  return 'ok';
}

/**
 * Free accounts (and accounts whose role is unknown) stop at 10 transfers a month.
 * Anonymous senders have no account to count against and are not capped here.
 */
export function isMonthlyCapReached(roleOrPlanCode: string | null | undefined, transfersThisMonth: number): boolean {
  assertCount('transfersThisMonth', transfersThisMonth);
  const { role } = getPlanLimits(roleOrPlanCode);
  return (role === 'free' || role === 'undefined') && transfersThisMonth >= FREE_MONTHLY_TRANSFER_CAP;
}
