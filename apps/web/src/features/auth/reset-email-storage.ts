/**
 * The address a reset was asked for, so the page the mailed link opens (often another tab) can
 * offer to log in with it. Removed once the password is set.
 */
const RESET_EMAIL_KEY = 'ferry.resetEmail';

export function rememberResetEmail(email: string): void {
  try {
    localStorage.setItem(RESET_EMAIL_KEY, email);
  } catch {
    // not remembered: the login page then starts empty
  }
}

export function takeResetEmail(): string | null {
  try {
    const email = localStorage.getItem(RESET_EMAIL_KEY);
    localStorage.removeItem(RESET_EMAIL_KEY);
    return email;
  } catch {
    return null;
  }
}
