import { AppError } from '@ferry/contracts';
import { Redis } from 'ioredis';
import { RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import type { SlugMissCounter } from '../domain/transfers.deps';
import { tooManyUnknownLinksError } from '../domain/transfers.errors';

const WINDOW_SECONDS = 10 * 60;

/**
 * Unknown-slug lookups per address counted in Redis (REDIS_URL), so every transfers replica sees the
 * same count: a 10-minute window from the address's first miss. While Redis cannot be reached,
 * `fallback` (the per-instance counter) counts instead, so the limit never lapses.
 */
export function createRedisSlugMissCounter(redisUrl: string, limit: number, fallback: SlugMissCounter): SlugMissCounter & { close(): Promise<void> } {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  const limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'transfers:slug-miss', points: limit, duration: WINDOW_SECONDS });
  const unreachable = Symbol('unreachable');
  const attempt = <T>(work: () => Promise<T>): Promise<T | typeof unreachable> => work().catch((error: unknown) => (error instanceof AppError ? Promise.reject(error) : unreachable));
  return {
    async check(ip) {
      if (!ip) return;
      const counted = await attempt<RateLimiterRes | null>(() => limiter.get(ip));
      if (counted === unreachable) return fallback.check(ip);
      if (counted && counted.consumedPoints >= limit) throw tooManyUnknownLinksError(Math.max(1, Math.ceil(counted.msBeforeNext / 1_000)));
    },
    async record(ip) {
      if (!ip) return;
      const counted = await attempt(() => limiter.penalty(ip, 1));
      if (counted === unreachable) await fallback.record(ip);
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}
