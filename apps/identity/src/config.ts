import { z } from 'zod';
import { envLogLevel, envPort, envUrl, loadConfig, envNatsPrefix } from '@ferry/service-kit';

export const ZIdentityConfig = z.object({
  DATABASE_URL: envUrl(['postgres', 'postgresql']),
  /** NATS_PREFIX: this environment's own streams and subjects on a shared NATS. */
  NATS_PREFIX: envNatsPrefix(),
  NATS_URL: envUrl(['nats', 'tls', 'ws', 'wss']).default('nats://127.0.0.1:4222'),
  /** Signs access tokens (HS256) and is the root of the keys that protect email codes. */
  AUTH_JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Encrypts the codes and tokens events carry on NATS; the same value for identity and mail. */
  EVENT_SEAL_KEY: z.string().min(32, 'must be at least 32 characters'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  LOG_LEVEL: envLogLevel(),
  /** /healthz and /readyz for probes; 0 picks a free port. */
  HEALTH_PORT: envPort(8081),
  PUBLIC_URL: envUrl(['http', 'https']).default('http://localhost:8080'),
});
export type IdentityConfig = z.infer<typeof ZIdentityConfig>;

/** Reads identity's configuration; a bad value fails at boot with the variable's name. */
export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  return loadConfig(ZIdentityConfig, env);
}
