/** PRODUCT.md: the widget appears 3.2 s after load. */
export const FEEDBACK_DELAY_MS = 3_200;
/** ...and opens by itself on these logins. */
export const FEEDBACK_AUTO_OPEN_LOGINS: readonly number[] = [3, 18, 35];
/** The thank-you toast stays 7.5 s. */
export const FEEDBACK_TOAST_MS = 7_500;

const OPENED_KEY = 'ferry.feedback.autoOpened';

/** Whether this login of this user should open the widget by itself (once per login, not on every reload). */
export function shouldAutoOpen(user: { id: string; loginCount: number } | null | undefined): boolean {
  if (!user || !FEEDBACK_AUTO_OPEN_LOGINS.includes(user.loginCount)) return false;
  try {
    return localStorage.getItem(OPENED_KEY) !== `${user.id}:${user.loginCount}`;
  } catch {
    return true;
  }
}

export function rememberAutoOpen(user: { id: string; loginCount: number }): void {
  try {
    localStorage.setItem(OPENED_KEY, `${user.id}:${user.loginCount}`);
  } catch {
    // not remembered: it may open again on reload
  }
}
