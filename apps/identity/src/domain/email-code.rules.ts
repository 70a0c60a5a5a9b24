import { DAY_MS, MINUTE_MS } from './identity.deps';
import type { EmailCodeRecord } from './identity.ports';

export const EMAIL_CODE_TTL_MS = 10 * MINUTE_MS;
/** A second request this soon after a send is refused (PRODUCT.md: resend lock 2 s). */
export const EMAIL_CODE_RESEND_LOCK_MS = 2_000;
/** Checks one code allows; then it is dead until a new one is requested. */
export const EMAIL_CODE_MAX_CHECKS = 5;
/**
 * Failed checks of one email from one network (an IPv4 /24, an IPv6 /64) within the window that
 * lock the email out for that network; failures sent from elsewhere do not lock the owner out.
 */
export const EMAIL_CODE_MAX_FAILURES_PER_NETWORK = 100;
/** Failed checks of one email from all networks together within the window that lock it out everywhere. */
export const EMAIL_CODE_MAX_FAILURES_PER_EMAIL = 1000;
export const EMAIL_CODE_FAILURE_WINDOW_MS = DAY_MS;
/** How long a verified email may be used to sign up. */
export const EMAIL_VERIFICATION_VALID_MS = DAY_MS;

/** A code that can still be checked, and so is the one a resend repeats. */
export function isEmailCodeAlive(code: EmailCodeRecord, now: Date): boolean {
  return code.consumedAt === null && code.attempts < EMAIL_CODE_MAX_CHECKS && code.expiresAt.getTime() > now.getTime();
}
