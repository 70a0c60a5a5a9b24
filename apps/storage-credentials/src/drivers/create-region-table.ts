import { join, resolve } from 'node:path';
import { REGIONS, type TRegion } from '@ferry/contracts';
import type { StorageConfig } from '../config';
import { createRegionTable, type RegionPlace, type RegionTable } from '../domain/region-table';
import { createLocalDriver, type LocalDriver } from './local/local-driver';
import type { StorageDriver } from './storage-driver';

export interface BuiltRegions {
  regions: RegionTable;
  /** Set when any region stores on local disk: this service then serves its byte endpoints. */
  local?: LocalDriver;
}

function missing(name: string): never {
  throw new Error(`${name} is required for the chosen storage driver`);
}

function required(value: string | undefined, name: string): string {
  return value || missing(name);
}

/**
 * Maps every region (and the anonymous bucket) to a driver and a bucket, as configured. The S3
 * and OSS SDKs load only when a region uses them.
 */
export async function createRegionTableFromConfig(config: StorageConfig, options: { now?: () => number } = {}): Promise<BuiltRegions> {
  const kinds = new Set([config.STORAGE_DRIVER, ...Object.values(config.STORAGE_REGIONS ?? {}).map((o) => o.driver ?? config.STORAGE_DRIVER)]);
  const { createS3Driver } = kinds.has('s3') ? await import('./s3/s3-driver') : { createS3Driver: undefined };
  const { createOssDriver } = kinds.has('oss') ? await import('./oss/oss-driver') : { createOssDriver: undefined };
  let local: LocalDriver | undefined;
  const s3Drivers = new Map<string, StorageDriver>();
  const ossDrivers = new Map<string, StorageDriver>();

  const driverFor = (kind: 'local' | 's3' | 'oss', region: TRegion, endpoint?: string): StorageDriver => {
    if (kind === 'local') {
      local ??= createLocalDriver({
        rootDir: resolve(join(config.DATA_DIR, 'objects')),
        masterKey: config.STORAGE_MASTER_KEY ?? missing('STORAGE_MASTER_KEY'),
        previousMasterKey: config.STORAGE_MASTER_KEY_PREVIOUS,
        urlSecret: Buffer.from(config.STORAGE_URL_SECRET),
        publicUrl: config.STORAGE_PUBLIC_URL,
        now: options.now,
      });
      return local;
    }
    if (kind === 's3') {
      const at = endpoint ?? config.S3_ENDPOINT ?? '';
      let driver = s3Drivers.get(at);
      if (!driver) {
        driver = createS3Driver!({
          endpoint: at || undefined,
          region: config.S3_REGION,
          accessKeyId: required(config.S3_ACCESS_KEY_ID, 'S3_ACCESS_KEY_ID'),
          secretAccessKey: required(config.S3_SECRET_ACCESS_KEY, 'S3_SECRET_ACCESS_KEY'),
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
          serverSideEncryption: config.S3_SERVER_SIDE_ENCRYPTION,
        });
        s3Drivers.set(at, driver);
      }
      return driver;
    }
    const at = `${region}|${endpoint ?? config.OSS_ENDPOINT ?? ''}`;
    let driver = ossDrivers.get(at);
    if (!driver) {
      driver = createOssDriver!({
        region,
        accessKeyId: required(config.OSS_ACCESS_KEY_ID, 'OSS_ACCESS_KEY_ID'),
        accessKeySecret: required(config.OSS_ACCESS_KEY_SECRET, 'OSS_ACCESS_KEY_SECRET'),
        endpoint: endpoint ?? config.OSS_ENDPOINT,
      });
      ossDrivers.set(at, driver);
    }
    return driver;
  };

  const places: RegionPlace[] = [];
  for (const id of [...REGIONS, 'anon' as const]) {
    const region: TRegion = id === 'anon' ? 'oss-cn-hongkong' : id;
    const override = config.STORAGE_REGIONS?.[id];
    const defaultBucket = id === 'anon' ? `${config.STORAGE_BUCKET_PREFIX}-anon-hongkong` : `${config.STORAGE_BUCKET_PREFIX}-${id.replace(/^oss-/, '')}`;
    places.push({
      id,
      region,
      driver: driverFor(override?.driver ?? config.STORAGE_DRIVER, region, override?.endpoint),
      bucket: override?.bucket ?? defaultBucket,
    });
  }
  return { regions: createRegionTable(places), local };
}
