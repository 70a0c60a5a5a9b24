/** Whole seconds from `now` until `until`, at least 1: what a 429 tells the caller to wait (Retry-After). */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}
