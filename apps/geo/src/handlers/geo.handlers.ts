import { serve, type RpcHandler } from '@ferry/bus';
import { GEO_RPC } from '@ferry/contracts';
import type { GeoLookup } from '../domain/geo-lookup';

/** Every endpoint of `GEO_RPC`, served in the `geo` queue group (the bus validates the request). */
export function geoHandlers(geo: GeoLookup): RpcHandler[] {
  return [serve(geo, GEO_RPC.lookup, async (lookup, { ip }) => lookup.lookup(ip))];
}
