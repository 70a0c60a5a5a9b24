import type { TAnalytics } from '@ferry/contracts';
import { checkStorage, formatBytes, getPlanLimits } from '@ferry/plans';
import { DAY_MS } from './transfers.deps';

/** The UTC calendar date of `at`, `YYYY-MM-DD`. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Midnight UTC of the first day of a `days`-long window that ends today (UTC). */
export function windowStart(now: Date, days: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

/** One entry per UTC day of the window, oldest first, with the counts found and 0 for the rest. */
export function zeroFilledDays(counts: readonly { date: string; count: number }[], now: Date, days: number): { date: string; count: number }[] {
  const byDate = new Map(counts.map((c) => [c.date, c.count]));
  const first = windowStart(now, days).getTime();
  return Array.from({ length: days }, (_, i) => {
    const date = utcDay(new Date(first + i * DAY_MS));
    return { date, count: byDate.get(date) ?? 0 };
  });
}

/** Storage used against the role's allowance, with the product's state (almost full from 90%, full at 100%). */
export function storageSummary(role: string, usedBytes: number): TAnalytics['storage'] {
  const { storageLimit } = getPlanLimits(role);
  return {
    usedBytes,
    limitBytes: storageLimit,
    used: formatBytes(usedBytes),
    limit: formatBytes(storageLimit),
    state: checkStorage(role, usedBytes),
  };
}
