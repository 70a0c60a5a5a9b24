/**
 * The registration in progress (PRODUCT.md: "kept in the session"): the email that asked for a
 * code and whether that code was accepted. sessionStorage, so it ends with the tab.
 */
export interface Registration {
  email: string;
  isEmailVerified: boolean;
}

export const REGISTRATION_KEY = 'ferry.registration';

export function readRegistration(): Registration | null {
  try {
    const raw = sessionStorage.getItem(REGISTRATION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Registration>;
    if (typeof value.email !== 'string' || value.email === '') return null;
    return { email: value.email, isEmailVerified: value.isEmailVerified === true };
  } catch {
    return null;
  }
}

export function saveRegistration(registration: Registration): void {
  try {
    sessionStorage.setItem(REGISTRATION_KEY, JSON.stringify(registration));
  } catch {
    // storage refused (private mode): the steps still work until the page reloads
  }
}

export function clearRegistration(): void {
  try {
    sessionStorage.removeItem(REGISTRATION_KEY);
  } catch {
    // nothing stored
  }
}
