import { envLogLevel, envPort, envUrl, loadConfig, envNats, envMigrations } from '@ferry/service-kit';
import { envTestClock } from '@ferry/db';
import { z } from 'zod';

/** `Name <address>` or a bare address. */
const MAIL_ADDRESS = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

/** The mail service's environment; a bad value fails at boot with its name. */
export const ZMailConfig = z.object({
  /** Where mail is relayed: `smtp://user:pass@host:587` or `smtps://…:465`; nodemailer query options such as `?pool=true` apply. */
  SMTP_URL: envUrl(['smtp', 'smtps']),
  /** The From header of every mail. */
  MAIL_FROM: z.string().trim().regex(MAIL_ADDRESS, 'must be an address or "Name <address>"').default('Ferry <no-reply@ferry.local>'),
  /** The origin every link in a mail is built from; a trailing slash is dropped. */
  PUBLIC_URL: envUrl(['http', 'https'])
    .default('http://localhost:8080')
    .transform((url) => url.replace(/\/+$/, '')),
  DATABASE_URL: envUrl(['postgres', 'postgresql']),
  ...envNats(),
  ...envMigrations(),
  /** Encrypts the codes and tokens events carry on NATS; the same value for identity and mail. */
  EVENT_SEAL_KEY: z.string().min(32, 'must be at least 32 characters'),
  /** The seal key before a rotation: events sealed with it are still read (never sealed with) until it is dropped. */
  EVENT_SEAL_KEY_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: envLogLevel(),
  /** /healthz and /readyz for probes; 0 picks a free port. */
  HEALTH_PORT: envPort(8082),
  /** SMTP attempts per delivery before the event is handed back to the bus for a later redelivery. */
  MAIL_SEND_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** A transfer's downloads within this many seconds of the first come in one 'downloaded' mail; 0 mails each download at once. */
  DOWNLOAD_MAIL_WINDOW_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** How often digests whose window has ended are looked for. */
  DOWNLOAD_DIGEST_POLL_MS: z.coerce.number().int().min(100).default(5_000),
  /** FERRY_TEST_CLOCK=1 (tests only, refused with NODE_ENV=production): digest windows follow the clock POST /api/v1/test-clock moves. */
  ...envTestClock(),
});

export type MailConfig = z.infer<typeof ZMailConfig>;
export type TMailConfig = MailConfig;

export function loadMailConfig(env: NodeJS.ProcessEnv = process.env): MailConfig {
  return loadConfig(ZMailConfig, env);
}
