export { startGeo } from './geo.service';
export type { RunningGeo, StartGeoOptions } from './geo.service';
export { loadGeoConfig, ZGeoConfig } from './config';
export type { GeoConfig } from './config';
