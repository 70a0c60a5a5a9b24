import { addMs, MINUTE_MS } from './identity.deps';
import type { LoginThrottleRecord } from './identity.ports';
import { secondsUntil } from './retry-after';

/** Failed logins of one address that cost nothing; from then on each attempt waits longer. */
export const LOGIN_FREE_FAILURES = 5;
/** The wait after the last free failure; it doubles with each further one. */
export const LOGIN_FIRST_DELAY_MS = 1_000;
/** The longest wait: the owner is never kept out longer than this by someone else's guesses. */
export const LOGIN_MAX_DELAY_MS = MINUTE_MS;
/** Failures are forgotten once the address has had none for this long. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE_MS;

export type LoginAttempt = { isAllowed: true; next: LoginThrottleRecord } | { isAllowed: false; retryAfterSeconds: number; next?: undefined };

/**
 * Whether a login for `email` may be checked now. An allowed attempt is counted as a failure
 * up front (a success clears the count), so parallel guesses cannot slip in before the delay.
 */
export function takeLoginAttempt(email: string, current: LoginThrottleRecord | undefined, now: Date): LoginAttempt {
  if (current?.blockedUntil && current.blockedUntil.getTime() > now.getTime()) {
    return { isAllowed: false, retryAfterSeconds: secondsUntil(current.blockedUntil, now) };
  }
  const isFresh = !current || now.getTime() - current.lastFailureAt.getTime() >= LOGIN_FAILURE_WINDOW_MS;
  const failures = (isFresh ? 0 : current.failures) + 1;
  const blockedUntil = failures >= LOGIN_FREE_FAILURES ? addMs(now, loginDelayMs(failures)) : null;
  return { isAllowed: true, next: { email, failures, lastFailureAt: now, blockedUntil } };
}

/** 1 s after the 5th failure, 2 s after the 6th, 4 s after the 7th, ... at most a minute. */
export function loginDelayMs(failures: number): number {
  const doublings = Math.max(0, failures - LOGIN_FREE_FAILURES);
  return Math.min(LOGIN_FIRST_DELAY_MS * 2 ** Math.min(doublings, 30), LOGIN_MAX_DELAY_MS);
}
