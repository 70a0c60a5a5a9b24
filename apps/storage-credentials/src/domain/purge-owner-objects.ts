import type { TAccountDeleted } from '@ferry/contracts';
import type { Knex } from 'knex';
import { createAccountPurgeStore } from '../store/account-purge.store';
import type { StorageDeps } from './storage.deps';

/**
 * Deletes the bytes and the rows of every object of a deleted user. The former team members'
 * uploads count against themselves from now on and are kept.
 */
export async function purgeOwnerObjects(deps: StorageDeps, trx: Knex.Transaction, event: Pick<TAccountDeleted, 'userId' | 'memberIds'>): Promise<number> {
  const store = createAccountPurgeStore(trx);
  await store.detachMemberObjects(event.userId, event.memberIds);
  const objects = await store.findOwnerObjects(event.userId);
  for (const object of objects) {
    const { driver } = deps.regions.byBucket(object.bucket);
    if (object.status === 'uploading' && object.uploadId) await driver.abortMultipartUpload({ bucket: object.bucket, key: object.key, uploadId: object.uploadId });
    else if (object.status !== 'deleted' && object.status !== 'aborted') await driver.deleteObject({ bucket: object.bucket, key: object.key });
  }
  await store.deleteObjectRows(objects.map((object) => object.fileId));
  return objects.length;
}
