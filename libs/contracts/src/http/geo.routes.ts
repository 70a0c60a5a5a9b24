import { ZGeoMeResponse } from '../geo/geo.rpc';
import { defineHttpRoute } from './define-http-route';

/** Where the caller is, from the client IP the gateway resolved. */
export const GEO_ROUTES = {
  geoMe: defineHttpRoute({
    method: 'get', path: '/geo/me', tag: 'geo', auth: 'none', summary: "The caller's country and city, from their IP (getLocation)",
    status: 200, response: ZGeoMeResponse,
  }),
} as const;
