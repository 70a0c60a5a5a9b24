import { GEO_RPC, UNKNOWN_LOCATION, ZGeoMeResponse } from '@ferry/contracts';
import { clientInfo, type RouteDeps } from './auth.routes';
import { defineRoute, type RouteSpec } from './route-registry';

/** Where the caller is, from the client IP Express resolved (X-Forwarded-For only through `TRUST_PROXY_HOPS`). */
export function geoRoutes({ bus }: RouteDeps): RouteSpec[] {
  return [
    defineRoute({
      method: 'get', path: '/geo/me', tag: 'geo', auth: 'none', summary: "The caller's country and city, from their IP (getLocation)",
      responses: { 200: ZGeoMeResponse },
      handler: async ({ req }) => {
        const { ip } = clientInfo(req);
        const place = ip ? await bus.request(GEO_RPC.lookup, { ip }) : UNKNOWN_LOCATION;
        return { status: 200, body: { country: place.country, countryCode: place.countryCode, city_name: place.city } };
      },
    }),
  ];
}
