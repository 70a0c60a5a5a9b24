import type { SlugMissCounter } from './transfers.deps';
import { tooManyUnknownLinksError } from './transfers.errors';

const WINDOW_MS = 10 * 60_000;

/**
 * Unknown-slug lookups per address in a sliding 10-minute window, so nobody can walk the
 * slug space. Kept in memory per instance (a replica set multiplies the allowance by its size):
 * without REDIS_URL, and while Redis cannot be reached.
 */
export function createSlugMissCounter(limit: number, now: () => number = Date.now): SlugMissCounter {
  const misses = new Map<string, number[]>();
  const recent = (ip: string) => {
    const cutoff = now() - WINDOW_MS;
    const list = (misses.get(ip) ?? []).filter((at) => at > cutoff);
    if (list.length === 0) misses.delete(ip);
    else misses.set(ip, list);
    return list;
  };
  return {
    async check(ip) {
      const list = ip ? recent(ip) : [];
      const oldestCounted = list[list.length - limit];
      if (oldestCounted !== undefined) {
        throw tooManyUnknownLinksError(Math.max(1, Math.ceil((oldestCounted + WINDOW_MS - now()) / 1_000)));
      }
    },
    async record(ip) {
      if (!ip) return;
      const list = recent(ip);
      list.push(now());
      misses.set(ip, list);
      const oldestAddress = misses.keys().next();
      if (misses.size > 100_000 && !oldestAddress.done) misses.delete(oldestAddress.value);
    },
  };
}
