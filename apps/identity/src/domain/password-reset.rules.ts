import { HOUR_MS, MINUTE_MS } from './identity.deps';
import type { PasswordResetRecord } from './identity.ports';

export const PASSWORD_RESET_TTL_MS = 30 * MINUTE_MS;
/** Reset mails asked for one address (with an account or not) within the window; more answer 429. */
export const PASSWORD_RESET_MAX_REQUESTS = 3;
export const PASSWORD_RESET_REQUEST_WINDOW_MS = HOUR_MS;

export function isPasswordResetUsable(reset: PasswordResetRecord | undefined, now: Date): reset is PasswordResetRecord {
  return reset !== undefined && reset.usedAt === null && reset.expiresAt.getTime() > now.getTime();
}
