import type { TStoredObject } from '@ferry/contracts';
import type { ObjectRow } from '../store/objects.store';

export function toStoredObject(row: ObjectRow): TStoredObject {
  return {
    fileId: row.fileId,
    name: row.name,
    region: row.region,
    key: row.key,
    size: row.size ?? row.declaredSize,
    status: row.status,
    sha256: row.sha256,
  };
}
