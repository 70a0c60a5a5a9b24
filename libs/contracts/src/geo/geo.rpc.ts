import { z } from 'zod';
import { defineRpc } from '../messaging/define-rpc';

/**
 * A place an IP address resolves to. Private, reserved and unknown addresses answer
 * `known: false` with the 'unknown' texts below, never an error.
 */
export const ZGeoLocation = z.object({
  known: z.boolean(),
  /** ISO 3166-1 alpha-2, upper case; 'unknown' when not known. */
  countryCode: z.string(),
  /** English country name; 'unknown' when not known. */
  country: z.string(),
  /** English city name; 'unknown' when the database has no city for the address. */
  city: z.string(),
});
export type TGeoLocation = z.infer<typeof ZGeoLocation>;

export const UNKNOWN_LOCATION: TGeoLocation = { known: false, countryCode: 'unknown', country: 'unknown', city: 'unknown' };

/** The answer of `GET /geo/me` (PRODUCT.md's getLocation: country, city_name). */
export const ZGeoMeResponse = z.object({ country: z.string(), countryCode: z.string(), city_name: z.string() });
export type TGeoMeResponse = z.infer<typeof ZGeoMeResponse>;

export const GEO_RPC = {
  /** IP (v4 or v6, as text) -> place. */
  /** An in-memory lookup: answered at once or not at all (a download never waits on it; notifications retries later). */
  lookup: defineRpc('svc.geo.lookup', z.object({ ip: z.string().min(1).max(64) }), ZGeoLocation, { timeoutMs: 1_500 }),
};
