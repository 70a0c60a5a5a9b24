import { AppError } from '@ferry/contracts';
import type { Request } from 'express';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateLimitSettings {
  perIpPerMinute: number;
  authPerIpPerMinute: number;
  perAccountPerMinute: number;
  perApiTokenPerMinute: number;
  /** Shared counters across gateway replicas when set; memory otherwise. */
  redisUrl?: string;
}

export interface RateLimits {
  limitByIp(req: Request, kind: 'auth' | 'default'): Promise<void>;
  limitByAccount(userId: string): Promise<void>;
  /** A budget per API token, so one runaway script cannot spend its owner's whole account budget. */
  limitByApiToken(tokenId: string): Promise<void>;
  /** Resolves once the shared store is connected (at once for memory); until then limits are per replica. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

function makeLimiter(redis: Redis | null, keyPrefix: string, points: number): RateLimiterAbstract {
  const options = { keyPrefix, points, duration: 60 };
  // If Redis is unreachable the limits keep working per replica rather than failing requests.
  return redis
    ? new RateLimiterRedis({ storeClient: redis, ...options, insuranceLimiter: new RateLimiterMemory(options) })
    : new RateLimiterMemory(options);
}

async function consume(limiter: RateLimiterAbstract, key: string, res: Request['res']): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      const retryAfter = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      res?.setHeader('Retry-After', String(retryAfter));
      throw new AppError('RATE_LIMITED', { message: `Too many requests, try again in ${retryAfter} s` });
    }
    throw error;
  }
}

/** Per-IP and per-account limits; Redis-backed when REDIS_URL is set so replicas share counters. */
export function createRateLimits(settings: RateLimitSettings): RateLimits {
  const redis = settings.redisUrl ? new Redis(settings.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false }) : null;
  redis?.on('error', () => undefined);
  const perIp = makeLimiter(redis, 'rl:ip', settings.perIpPerMinute);
  const authPerIp = makeLimiter(redis, 'rl:auth', settings.authPerIpPerMinute);
  const perAccount = makeLimiter(redis, 'rl:acct', settings.perAccountPerMinute);
  const perApiToken = makeLimiter(redis, 'rl:pat', settings.perApiTokenPerMinute);
  return {
    async limitByIp(req, kind) {
      const ip = req.ip ?? 'unknown';
      await consume(perIp, ip, req.res);
      if (kind === 'auth') await consume(authPerIp, ip, req.res);
    },
    async limitByAccount(userId) {
      await consume(perAccount, userId, undefined);
    },
    async limitByApiToken(tokenId) {
      await consume(perApiToken, tokenId, undefined);
    },
    async ready() {
      if (redis && redis.status !== 'ready') await new Promise<void>((done) => redis.once('ready', () => done()));
    },
    async close() {
      await redis?.quit().catch(() => undefined);
    },
  };
}
