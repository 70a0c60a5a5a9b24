import { envTestClock } from '@ferry/db';
import { z } from 'zod';
import { envLogLevel, envPort, envUrl, loadConfig, envNats, envMigrations } from '@ferry/service-kit';

export const ZTransfersConfig = z.object({
  DATABASE_URL: envUrl(['postgres', 'postgresql']),
  ...envNats(),
  ...envMigrations(),
  EVENT_SEAL_KEY: z.string().min(32, 'must be at least 32 characters'),
  /** The seal key before a rotation: events sealed with it are still read (never sealed with) until it is dropped. */
  EVENT_SEAL_KEY_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The web origin of every link (download pages, extension links). */
  PUBLIC_URL: envUrl(['http', 'https']).default('http://localhost:8080'),
  LOG_LEVEL: envLogLevel(),
  HEALTH_PORT: envPort(8084),
  /** How often expired transfers are looked for (extension offers, purges). */
  EXPIRY_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
  /** Days an expired transfer's objects are kept (so the sender can still extend it) before they are purged. */
  PURGE_GRACE_DAYS: z.coerce.number().int().min(0).default(30),
  /** Unknown-slug lookups one address may make per 10 minutes before it is refused. */
  SLUG_MISSES_PER_10_MIN: z.coerce.number().int().positive().default(30),
  /** Counts the unknown-slug lookups in Redis, shared by every transfers replica; per instance when unset. */
  REDIS_URL: envUrl(['redis', 'rediss']).optional(),
  /** FERRY_TEST_CLOCK=1 (tests only, refused with NODE_ENV=production): expiry follows the clock POST /api/v1/test-clock moves. */
  ...envTestClock(),
});
export type TransfersConfig = z.infer<typeof ZTransfersConfig>;

/** Reads transfers' configuration; a bad value fails at boot with the variable's name. */
export function loadTransfersConfig(env: NodeJS.ProcessEnv = process.env): TransfersConfig {
  return loadConfig(ZTransfersConfig, env);
}
