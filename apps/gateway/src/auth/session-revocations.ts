import type { Bus, EventObserver } from '@ferry/bus';
import { IDENTITY_RPC, SESSION_REVOKED, type TAccessClaims, type TSessionRevocation } from '@ferry/contracts';
import type { Logger } from '@ferry/service-kit';
import { Redis } from 'ioredis';

export interface SessionRevocationsOptions {
  bus: Bus;
  log: Logger;
  /** Revocations are shared by every replica through Redis when set; each replica's memory holds them too. */
  redisUrl?: string;
  /** How soon a replica asks identity again after identity did not answer; 2 s by default. */
  catchUpRetryMs?: number;
  /** How often a replica asks identity for the revocations in force (it may have missed one while cut off); 30 s by default. */
  catchUpEveryMs?: number;
}

/**
 * Access tokens that were revoked before they expire. Every replica observes `evt.session.revoked`
 * on the bus (a fan-out, no queue group) and keeps what it saw in memory; with Redis the
 * revocations are shared, so a replica that missed an event still refuses. A replica that starts
 * late asks identity for the revocations still in force.
 */
export interface SessionRevocations {
  /** Starts observing the bus and catching up; resolves once the observer is in place and identity answered (or the first try failed). */
  start(): Promise<void>;
  isRevoked(claims: Pick<TAccessClaims, 'sub' | 'sid' | 'ver'>): Promise<boolean>;
  /** Called for each revocation this replica learns of (the notification streams end theirs). */
  onRevoked(listener: (revocation: TSessionRevocation) => void): void;
  /** Does the revocation cover a token with these claims? */
  covers(revocation: TSessionRevocation, claims: Pick<TAccessClaims, 'sub' | 'sid' | 'ver'>): boolean;
  close(): Promise<void>;
}

/** How long a revocation waits for Redis to connect before it stays in this replica's memory only. */
const REDIS_WAIT_MS = 2_000;
const SESSION_KEY = (sid: string) => `rev:sid:${sid}`;
const VERSION_KEY = (userId: string) => `rev:ver:${userId}`;
/** Keeps the highest minimum version, with the expiry of the newest revocation. */
const RAISE_VERSION = `local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) >= current then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
return 1`;

interface Expiring<T> {
  value: T;
  expiresAt: number;
}

function covers(revocation: TSessionRevocation, claims: Pick<TAccessClaims, 'sub' | 'sid' | 'ver'>): boolean {
  if (revocation.userId !== claims.sub) return false;
  if (revocation.sessionId !== null && revocation.sessionId === claims.sid) return true;
  return revocation.minVersion !== null && claims.ver < revocation.minVersion;
}

export function createSessionRevocations(options: SessionRevocationsOptions): SessionRevocations {
  const { bus, log } = options;
  const sessions = new Map<string, Expiring<true>>();
  const versions = new Map<string, Expiring<number>>();
  const listeners: Array<(revocation: TSessionRevocation) => void> = [];
  const redis = options.redisUrl ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : null;
  redis?.on('error', () => undefined);
  let observer: EventObserver | null = null;
  let catchUpTimer: NodeJS.Timeout | null = null;
  let closed = false;

  function remember(revocation: TSessionRevocation): void {
    const expiresAt = Date.parse(revocation.expiresAt);
    if (!(expiresAt > Date.now())) return;
    if (revocation.sessionId !== null) sessions.set(revocation.sessionId, { value: true, expiresAt });
    if (revocation.minVersion !== null) {
      const known = versions.get(revocation.userId);
      const live = known && known.expiresAt > Date.now() ? known : null;
      versions.set(revocation.userId, { value: Math.max(revocation.minVersion, live?.value ?? 0), expiresAt: Math.max(expiresAt, live?.expiresAt ?? 0) });
    }
  }

  /** Resolves when Redis is connected, or after a short wait (then the revocation is only in memory). */
  async function redisReady(client: Redis): Promise<boolean> {
    if (client.status === 'ready') return true;
    await new Promise<void>((done) => {
      const onReady = () => {
        clearTimeout(timer);
        done();
      };
      const timer = setTimeout(() => {
        client.off('ready', onReady);
        done();
      }, REDIS_WAIT_MS).unref();
      client.once('ready', onReady);
    });
    return (client.status as string) === 'ready';
  }

  async function share(revocation: TSessionRevocation): Promise<void> {
    if (!redis || !(await redisReady(redis))) return;
    const ttlMs = Date.parse(revocation.expiresAt) - Date.now();
    if (!(ttlMs > 0)) return;
    if (revocation.sessionId !== null) await redis.set(SESSION_KEY(revocation.sessionId), '1', 'PX', ttlMs);
    if (revocation.minVersion !== null) await redis.eval(RAISE_VERSION, 1, VERSION_KEY(revocation.userId), String(revocation.minVersion), String(ttlMs));
  }

  function learn(revocation: TSessionRevocation): void {
    remember(revocation);
    share(revocation).catch((error: unknown) => log.warn({ err: error }, 'could not share a session revocation in Redis'));
    for (const listener of listeners) listener(revocation);
  }

  function prune(): void {
    const now = Date.now();
    for (const [key, entry] of sessions) if (entry.expiresAt <= now) sessions.delete(key);
    for (const [key, entry] of versions) if (entry.expiresAt <= now) versions.delete(key);
  }

  async function catchUp(): Promise<void> {
    if (closed) return;
    try {
      const { revocations } = await bus.request(IDENTITY_RPC.listSessionRevocations, {});
      for (const revocation of revocations) learn(revocation);
      // Again every so often: a revocation published while this replica was cut off from NATS is not lost.
      catchUpTimer = setTimeout(() => void catchUp(), options.catchUpEveryMs ?? 30_000).unref();
    } catch (error) {
      log.warn({ err: error }, 'could not load session revocations from identity; retrying');
      catchUpTimer = setTimeout(() => void catchUp(), options.catchUpRetryMs ?? 2_000).unref();
    }
  }

  async function isRevokedInRedis(claims: Pick<TAccessClaims, 'sub' | 'sid' | 'ver'>): Promise<boolean> {
    if (!redis || redis.status !== 'ready') return false;
    try {
      const [session, version] = await redis.mget(SESSION_KEY(claims.sid), VERSION_KEY(claims.sub));
      return session !== null || (version !== null && claims.ver < Number(version));
    } catch {
      // Redis unreachable: this replica's memory still holds every revocation it observed.
      return false;
    }
  }

  const pruneTimer = setInterval(prune, 60_000).unref();

  return {
    async start() {
      observer = await bus.observe(SESSION_REVOKED, ({ eventId: _eventId, ...revocation }) => learn(revocation));
      // The first try is awaited, so a replica that starts after a logout refuses its token from its first request.
      await catchUp();
    },

    async isRevoked(claims) {
      const now = Date.now();
      const session = sessions.get(claims.sid);
      if (session && session.expiresAt > now) return true;
      const version = versions.get(claims.sub);
      if (version && version.expiresAt > now && claims.ver < version.value) return true;
      return isRevokedInRedis(claims);
    },

    onRevoked(listener) {
      listeners.push(listener);
    },

    covers,

    async close() {
      closed = true;
      clearInterval(pruneTimer);
      if (catchUpTimer) clearTimeout(catchUpTimer);
      await observer?.stop();
      await redis?.quit().catch(() => undefined);
    },
  };
}
