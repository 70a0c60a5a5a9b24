import { ZEmail } from '@ferry/contracts';

/** Trimmed and lower-cased (PRODUCT.md section 5), the way the gateway reads it too. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isValidEmail(raw: string): boolean {
  return ZEmail.safeParse(raw).success;
}

export const PASSWORD_MIN_LENGTH = 6;
