import { envLogLevel, envPort, envUrl, loadConfig, envNats, envMigrations } from '@ferry/service-kit';
import { z } from 'zod';

/** The notifications service's environment; a bad value fails at boot with its name. */
export const ZNotificationsConfig = z.object({
  DATABASE_URL: envUrl(['postgres', 'postgresql']),
  ...envNats(),
  ...envMigrations(),
  LOG_LEVEL: envLogLevel(),
  /** /healthz and /readyz for probes; 0 picks a free port. */
  HEALTH_PORT: envPort(8083),
  /** How long a download waits for geo's answer before its event is handed back to the bus for later. */
  GEO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
});
export type NotificationsConfig = z.infer<typeof ZNotificationsConfig>;

export function loadNotificationsConfig(env: NodeJS.ProcessEnv = process.env): NotificationsConfig {
  return loadConfig(ZNotificationsConfig, env);
}
