import { isIP } from 'node:net';
import { isAppError, UNKNOWN_LOCATION, type TGeoLocation } from '@ferry/contracts';
import type { GeoLookup } from './notifications.ports';

/** Longest address geo's contract takes. */
const MAX_IP_LENGTH = 64;

/**
 * Where a download came from. No address, or text that is not an address, is an unknown place
 * without asking geo, and so is geo refusing the address (a 4xx). Geo being down or slow is not
 * an answer: that error is rethrown so the event is retried later, never stored as unknown.
 */
export async function resolvePlace(lookup: GeoLookup, ip: string | null): Promise<TGeoLocation> {
  if (ip === null || ip.length > MAX_IP_LENGTH || isIP(ip) === 0) return UNKNOWN_LOCATION;
  try {
    return await lookup(ip);
  } catch (error) {
    if (isAppError(error) && error.status < 500) return UNKNOWN_LOCATION;
    throw error;
  }
}
