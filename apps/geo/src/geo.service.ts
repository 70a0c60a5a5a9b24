import type { Bus } from '@ferry/bus';
import type { Logger } from '@ferry/service-kit';
import type { GeoConfig } from './config';
import { BUNDLED_GEO_DATABASES, openGeoLookup } from './domain/geo-lookup';
import { geoHandlers } from './handlers/geo.handlers';

export interface StartGeoOptions {
  bus: Bus;
  log: Logger;
  config: GeoConfig;
}

export interface RunningGeo {
  /** Nothing to release (the databases live in memory); draining the bus ends the handlers in flight. */
  stop(): Promise<void>;
}

/** Loads the IP databases and serves `svc.geo.*` on `bus`. */
export async function startGeo({ bus, log, config }: StartGeoOptions): Promise<RunningGeo> {
  const databases = config.GEO_DB_PATH ?? BUNDLED_GEO_DATABASES;
  const geo = await openGeoLookup(databases);
  await bus.serve('geo', geoHandlers(geo));
  log.info({ databases }, 'geo is serving');
  return { stop: async () => undefined };
}
