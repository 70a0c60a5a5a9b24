import { PAID_PLAN_CODES, type TPaidPlanCode } from '@ferry/contracts';

/** The paid package code a string names (`PRY`), or null for Free and anything else. */
export function paidPlanCode(code: string | null | undefined): TPaidPlanCode | null {
  return (PAID_PLAN_CODES as readonly string[]).includes(code ?? '') ? (code as TPaidPlanCode) : null;
}
