import { envLogLevel, envPort, loadConfig, envNats } from '@ferry/service-kit';
import { z } from 'zod';

export const ZGeoConfig = z.object({
  ...envNats(),
  LOG_LEVEL: envLogLevel(),
  /** /healthz and /readyz for probes; 0 picks a free port. */
  PORT: envPort(8093),
  /**
   * Comma-separated MMDB files in ip-location-db's city format (`country_code`, `city`) used
   * instead of the bundled GeoLite2 data, e.g. a newer download of its IPv4 and IPv6 files.
   */
  GEO_DB_PATH: z
    .string()
    .transform((value) => value.split(',').map((path) => path.trim()).filter((path) => path.length > 0))
    .pipe(z.array(z.string()).min(1, 'must name at least one .mmdb file'))
    .optional(),
});
export type GeoConfig = z.infer<typeof ZGeoConfig>;

/** Reads geo's configuration; a bad value fails at boot with the variable's name. */
export function loadGeoConfig(env: NodeJS.ProcessEnv = process.env): GeoConfig {
  return loadConfig(ZGeoConfig, env);
}
