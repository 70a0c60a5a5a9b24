import { AppError, DEFAULT_REGION, type TGrantOwner, type TRegion, type TTemporaryCredentials } from '@ferry/contracts';
import { placeOwner } from './grant-owner';
import { PUT_URL_SECONDS, type StorageDeps } from './storage.deps';

/** OSS STS credentials for the `stsAuth` call, scoped to the owner's prefix, valid 1 h. */
export async function issueTemporaryCredentials(deps: StorageDeps, request: { owner: TGrantOwner; region?: TRegion }): Promise<TTemporaryCredentials> {
  const placement = placeOwner(request.owner);
  const place = deps.regions.get(placement.isAnonymous ? 'anon' : (request.region ?? DEFAULT_REGION));
  if (!place.driver.issueTemporaryCredentials) {
    throw new AppError('STS_NOT_AVAILABLE', { message: `Region ${place.region} stores on ${place.driver.name}; use upload grants instead` });
  }
  const credentials = await place.driver.issueTemporaryCredentials({ bucket: place.bucket, prefix: placement.prefix, durationSeconds: PUT_URL_SECONDS });
  return {
    AccessKeyId: credentials.accessKeyId,
    AccessKeySecret: credentials.accessKeySecret,
    SecurityToken: credentials.securityToken,
    Expiration: credentials.expiration.toISOString(),
    bucket: place.bucket,
    region: place.region,
    prefix: placement.prefix,
  };
}
