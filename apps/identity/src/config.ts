import { z } from 'zod';
import { envTestClock } from '@ferry/db';
import { envLogLevel, envPort, envUrl, loadConfig, envNats, envMigrations } from '@ferry/service-kit';

export const ZIdentityConfig = z.object({
  DATABASE_URL: envUrl(['postgres', 'postgresql']),
  ...envNats(),
  ...envMigrations(),
  /** Signs access tokens (HS256) and is the root of the keys that protect email codes. */
  AUTH_JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Encrypts the codes and tokens events carry on NATS; the same value for identity and mail. */
  EVENT_SEAL_KEY: z.string().min(32, 'must be at least 32 characters'),
  /** The seal key before a rotation: events sealed with it are still read (never sealed with) until it is dropped. */
  EVENT_SEAL_KEY_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  LOG_LEVEL: envLogLevel(),
  /** /healthz and /readyz for probes; 0 picks a free port. */
  HEALTH_PORT: envPort(8081),
  PUBLIC_URL: envUrl(['http', 'https']).default('http://localhost:8080'),
  /** How often accounts whose 14-day deletion grace period has ended are purged (1 s at most with the test clock). */
  ACCOUNT_PURGE_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
  /** The name companies point their download host's CNAME at; default PUBLIC_URL's host. */
  DOWNLOAD_HOST_CNAME_TARGET: z.string().trim().toLowerCase().min(1).optional(),
  /** DNS servers for the download-host checks ("ip" or "ip:port", comma-separated); default the system's. */
  DNS_SERVERS: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').map((server) => server.trim()).filter(Boolean)),
  /** What a company's SPF record must include for mail from its sending domain; default `_spf.` and the CNAME target. */
  SENDING_DOMAIN_SPF_INCLUDE: z.string().trim().toLowerCase().min(1).optional(),
  /** How often every download host's CNAME is looked up again (a broken one falls back and its admin is mailed). */
  DOWNLOAD_HOST_CHECK_INTERVAL_MS: z.coerce.number().int().positive().default(3_600_000),
  ...envTestClock(),
});
export type IdentityConfig = z.infer<typeof ZIdentityConfig>;

/** Reads identity's configuration; a bad value fails at boot with the variable's name. */
export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  return loadConfig(ZIdentityConfig, env);
}
