import type { TRegionInfo } from '@ferry/contracts';
import { DEFAULT_REGION } from '@ferry/contracts';
import type { StorageDeps } from './storage.deps';

/** PRODUCT.md: a 128 KB text object per region that the client HEADs to time each region. */
export const SPEED_TEST_KEY = 'speedtest/128kb.txt';
export const SPEED_TEST_BYTES = 128 * 1024;
const SPEED_TEST_URL_SECONDS = 24 * 3600;

/** Puts the speed-test object in every region's bucket where it is missing. */
export async function ensureSpeedTestObjects(deps: StorageDeps): Promise<void> {
  const body = Buffer.alloc(SPEED_TEST_BYTES, 'ferry speed test\n');
  for (const place of deps.regions.all()) {
    await place.driver.ensureBucket(place.bucket);
    const head = await place.driver.head({ bucket: place.bucket, key: SPEED_TEST_KEY });
    if (head?.size !== SPEED_TEST_BYTES) {
      await place.driver.putObject({ bucket: place.bucket, key: SPEED_TEST_KEY, body, contentType: 'text/plain' });
    }
  }
}

export async function listRegions(deps: StorageDeps): Promise<{ regions: TRegionInfo[] }> {
  const regions: TRegionInfo[] = [];
  for (const place of deps.regions.all()) {
    if (place.id === 'anon') continue;
    const signed = await place.driver.presignGet({
      bucket: place.bucket,
      key: SPEED_TEST_KEY,
      expiresInSeconds: SPEED_TEST_URL_SECONDS,
      filename: '128kb.txt',
      contentType: 'text/plain',
    });
    regions.push({ id: place.region, isDefault: place.region === DEFAULT_REGION, speedTestUrl: signed.url });
  }
  return { regions };
}
