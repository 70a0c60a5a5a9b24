import { DEFAULT_REGION, REGIONS, type TRegion } from '@ferry/contracts';
import type { StorageDriver } from '../drivers/storage-driver';

/** Where one region's objects live. `anon` is the anonymous Hong Kong bucket. */
export interface RegionPlace {
  id: TRegion | 'anon';
  /** The region the client sees (the anonymous bucket is in Hong Kong). */
  region: TRegion;
  driver: StorageDriver;
  bucket: string;
}

export interface RegionTable {
  get(id: TRegion | 'anon'): RegionPlace;
  /** The place that holds `bucket`, for objects recorded by bucket. */
  byBucket(bucket: string): RegionPlace;
  all(): RegionPlace[];
}

export function createRegionTable(places: RegionPlace[]): RegionTable {
  const byId = new Map(places.map((p) => [p.id, p]));
  const buckets = new Map(places.map((p) => [p.bucket, p]));
  for (const id of [...REGIONS, 'anon' as const]) {
    if (!byId.has(id)) throw new Error(`Region ${id} has no storage`);
  }
  return {
    get(id) {
      return byId.get(id) ?? (byId.get(DEFAULT_REGION) as RegionPlace);
    },
    byBucket(bucket) {
      const place = buckets.get(bucket);
      if (!place) throw new Error(`No region holds bucket ${bucket}`);
      return place;
    },
    all: () => places,
  };
}
