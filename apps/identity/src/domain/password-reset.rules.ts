import { MINUTE_MS } from './identity.deps';
import type { PasswordResetRecord } from './identity.ports';

export const PASSWORD_RESET_TTL_MS = 30 * MINUTE_MS;

export function isPasswordResetUsable(reset: PasswordResetRecord | undefined, now: Date): reset is PasswordResetRecord {
  return reset !== undefined && reset.usedAt === null && reset.expiresAt.getTime() > now.getTime();
}
