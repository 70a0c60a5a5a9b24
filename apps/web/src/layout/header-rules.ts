import type { TUser } from '@ferry/contracts';
import { roleForPlan } from '@ferry/plans';

/** Login count from which a free user sees the header's Upgrade box (PRODUCT.md section 9). */
export const UPGRADE_BOX_MIN_LOGINS = 2;
const NAME_MAX = 6;
const NAME_CUT = 5;

/** The header's first name: upper-cased; longer than 6 characters it is cut to 5 plus '..'. */
export function formatHeaderName(firstName: string): string {
  const chars = Array.from(firstName.trim().toUpperCase());
  return chars.length > NAME_MAX ? `${chars.slice(0, NAME_CUT).join('')}..` : chars.join('');
}

type NamedUser = Pick<TUser, 'greetingName' | 'fullName' | 'email'>;

/** The greeting name, else the first word of the full name, else the email's local part. */
export function firstNameOf(user: NamedUser): string {
  const greeting = user.greetingName?.trim();
  if (greeting) return greeting;
  const first = user.fullName?.trim().split(/\s+/)[0];
  if (first) return first;
  return user.email.split('@')[0] ?? user.email;
}

/** Up to two letters for the avatar: first and last word of the full name, else the first name's first letter. */
export function initialsOf(user: NamedUser): string {
  const words = (user.fullName ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.length >= 2 ? [words[0], words[words.length - 1]] : [firstNameOf(user)];
  return letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toUpperCase();
}

/** The Upgrade box: free role only, not on a small screen, from the second login on. */
export function shouldShowUpgrade(user: Pick<TUser, 'role' | 'loginCount'>, { isSmallScreen }: { isSmallScreen: boolean }): boolean {
  return roleForPlan(user.role) === 'free' && !isSmallScreen && user.loginCount >= UPGRADE_BOX_MIN_LOGINS;
}
