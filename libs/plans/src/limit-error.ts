import { AppError } from '@ferry/contracts';
import { checkTransferLimits } from './limit-checks';
import type { TLimitViolation } from './plans.types';

/** A broken plan limit as a service refuses it: the check's code and message, its title, figures and offered action in details. */
export function limitError(violation: TLimitViolation): AppError {
  return new AppError(violation.code, {
    message: violation.message,
    details: { title: violation.title, limit: violation.limit, actual: violation.actual, ...(violation.action ? { action: violation.action } : {}) },
  });
}

/** Throws the first per-transfer limit (size, recipients, file count) the plan breaks, as `limitError`. */
export function assertTransferLimits(roleOrPlanCode: string | null | undefined, transfer: { files: readonly { size: number }[]; recipientCount?: number }): void {
  const check = checkTransferLimits(roleOrPlanCode, transfer);
  if (!check.ok) throw limitError(check);
}
