import { GEO_ROUTES, GEO_RPC, UNKNOWN_LOCATION } from '@ferry/contracts';
import { clientInfo, type RouteDeps } from './auth.routes';
import { bindRoute, type BoundRoute } from './route-registry';

/** Where the caller is, from the client IP Express resolved (X-Forwarded-For only through `TRUST_PROXY_HOPS`). */
export function geoRoutes({ bus }: RouteDeps): BoundRoute[] {
  return [
    bindRoute(GEO_ROUTES.geoMe, async ({ req }) => {
      const { ip } = clientInfo(req);
      const place = ip ? await bus.request(GEO_RPC.lookup, { ip }) : UNKNOWN_LOCATION;
      return { country: place.country, countryCode: place.countryCode, city_name: place.city };
    }),
  ];
}
