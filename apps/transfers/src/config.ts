import { z } from 'zod';
import { envLogLevel, envPort, envUrl, loadConfig, envNatsPrefix } from '@ferry/service-kit';

export const ZTransfersConfig = z.object({
  DATABASE_URL: envUrl(['postgres', 'postgresql']),
  /** NATS_PREFIX: this environment's own streams and subjects on a shared NATS. */
  NATS_PREFIX: envNatsPrefix(),
  NATS_URL: envUrl(['nats', 'tls', 'ws', 'wss']).default('nats://127.0.0.1:4222'),
  EVENT_SEAL_KEY: z.string().min(32, 'must be at least 32 characters'),
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
});
export type TransfersConfig = z.infer<typeof ZTransfersConfig>;

/** Reads transfers' configuration; a bad value fails at boot with the variable's name. */
export function loadTransfersConfig(env: NodeJS.ProcessEnv = process.env): TransfersConfig {
  return loadConfig(ZTransfersConfig, env);
}
