import { AppError } from '@ferry/contracts';

const WINDOW_MS = 10 * 60_000;

/**
 * Unknown-slug lookups per address in a sliding 10-minute window, so nobody can walk the
 * slug space. Kept in memory per instance: a replica set multiplies the allowance by its size.
 */
export function createSlugMissCounter(limit: number, now: () => number = Date.now) {
  const misses = new Map<string, number[]>();
  const recent = (ip: string) => {
    const cutoff = now() - WINDOW_MS;
    const list = (misses.get(ip) ?? []).filter((at) => at > cutoff);
    if (list.length === 0) misses.delete(ip);
    else misses.set(ip, list);
    return list;
  };
  return {
    check(ip: string | undefined): void {
      const list = ip ? recent(ip) : [];
      if (list.length >= limit) {
        const retryAfterSeconds = Math.max(1, Math.ceil(((list[list.length - limit] as number) + WINDOW_MS - now()) / 1_000));
        throw new AppError('RATE_LIMITED', { message: 'Too many links that do not exist; try again in a few minutes', details: { retryAfterSeconds } });
      }
    },
    record(ip: string | undefined): void {
      if (!ip) return;
      const list = recent(ip);
      list.push(now());
      misses.set(ip, list);
      if (misses.size > 100_000) misses.delete(misses.keys().next().value as string);
    },
  };
}
