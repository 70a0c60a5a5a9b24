import { fileURLToPath } from 'node:url';
import { envLogLevel, envNatsPrefix, envPort, envUrl, loadConfig } from '@ferry/service-kit';
import { z } from 'zod';

/**
 * The single-process mode's own settings. Each of DATABASE_URL, NATS_URL and SMTP_URL
 * switches one embedded default (embedded Postgres, in-process bus, local inbox) off.
 */
export const ZAllInOneConfig = z.object({
  PORT: envPort(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: envUrl(['http', 'https']).optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: envUrl(['postgres', 'postgresql']).optional(),
  NATS_URL: envUrl(['nats', 'tls']).optional(),
  /** With NATS_URL: this environment's own streams and subjects on a shared NATS. */
  NATS_PREFIX: envNatsPrefix(),
  SMTP_URL: envUrl(['smtp', 'smtps']).optional(),
  AUTH_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  EVENT_SEAL_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** With NATS_URL: the seal key before a rotation, still read (never sealed with) until it is dropped. */
  EVENT_SEAL_KEY_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  EMBEDDED_PG_PORT: envPort(54329),
  MAIL_INBOX_SMTP_PORT: envPort(1025),
  MAIL_INBOX_WEB_PORT: envPort(1080),
  /** storage-credentials' own port: the local driver's byte endpoints and ZIP links (browsers reach it directly). */
  STORAGE_PORT: envPort(8090),
  STORAGE_PUBLIC_URL: envUrl(['http', 'https']).optional(),
  STORAGE_MASTER_KEY: z.string().optional(),
  STORAGE_URL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The ops port: /metrics (every service of the process), /healthz, /readyz. 0 picks a free one. */
  OPS_PORT: envPort(0),
  LOG_LEVEL: envLogLevel(),
  /** The web app's build; `npm start` builds it first. Without an index.html there, / answers a JSON pointer to the API. */
  WEB_DIST_DIR: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
});
export type AllInOneConfig = z.infer<typeof ZAllInOneConfig>;

export function loadAllInOneConfig(env: NodeJS.ProcessEnv = process.env): AllInOneConfig {
  return loadConfig(ZAllInOneConfig, env);
}
