import { randomUUID } from 'node:crypto';
import type { RpcHandler } from '@ferry/bus';
import { handle } from '@ferry/bus/testing';
import { DEFAULT_REGION, STORAGE_RPC, type TGrantOwner, type TStoredObject, type TUploadGrant } from '@ferry/contracts';

export interface FakeObject extends TStoredObject {
  owner: TGrantOwner;
  uploadToken: string;
}

/** Storage as transfers sees it over the bus, kept in memory. */
export interface FakeStorage {
  handlers: RpcHandler[];
  objects: Map<string, FakeObject>;
  /** Bytes stored per owner id (`getUsage`); 0 when unset. */
  usage: Map<string, number>;
  /** File ids whose objects were deleted, in order. */
  deleted: string[];
  /** Upload tokens of grants aborted, in order. */
  aborted: string[];
  /** Faults to answer with: fewer grants than files asked for, or copies missing. */
  faults: { dropLastGrant?: boolean; dropLastCopy?: boolean };
  /** The client's PUTs: the granted objects hold their bytes (still to be completed). */
  upload(grants: TUploadGrant[], options?: { size?: number }): void;
}

const ownerKey = (owner: TGrantOwner) => {
  if (owner.type === 'anonUpload') return `anon/${owner.slug}`;
  if (owner.type === 'teamUpload') return `users/${owner.adminId}/${owner.memberId}`;
  if (owner.type === 'request') return `users/${owner.userId}/requests/${owner.uploadPath}`;
  return `users/${owner.userId}`;
};

const withoutOwner = ({ owner: _owner, uploadToken: _token, ...object }: FakeObject): TStoredObject => object;

export function createFakeStorage(): FakeStorage {
  const objects = new Map<string, FakeObject>();
  const byToken = new Map<string, string>();
  const storage: FakeStorage = {
    objects,
    usage: new Map(),
    deleted: [],
    aborted: [],
    faults: {},
    upload(grants, options = {}) {
      for (const grant of grants) {
        const object = objects.get(grant.fileId);
        if (object) object.size = options.size ?? grant.size;
      }
    },
    handlers: [
      handle(STORAGE_RPC.createUploadGrants, async ({ owner, region, files }) => ({
        grants: files.slice(0, storage.faults.dropLastGrant ? -1 : undefined).map((file) => {
          const fileId = randomUUID();
          const uploadToken = `token-${fileId}`;
          const key = `${ownerKey(owner)}/${fileId}`;
          // Until the client uploads, the object holds nothing.
          objects.set(fileId, { fileId, name: file.name, region: region ?? DEFAULT_REGION, key, size: 0, status: 'uploading', sha256: null, owner, uploadToken });
          byToken.set(uploadToken, fileId);
          return { fileId, name: file.name, size: file.size, region: region ?? DEFAULT_REGION, key, uploadToken };
        }),
      })),
      handle(STORAGE_RPC.completeUploads, async ({ uploads }) => ({
        objects: uploads.flatMap(({ uploadToken }) => {
          const object = objects.get(byToken.get(uploadToken) ?? '');
          if (!object) return [];
          object.status = 'complete';
          return [withoutOwner(object)];
        }),
      })),
      handle(STORAGE_RPC.abortUpload, async ({ uploadToken }) => {
        storage.aborted.push(uploadToken);
        const object = objects.get(byToken.get(uploadToken) ?? '');
        if (object) object.status = 'aborted';
        return {};
      }),
      handle(STORAGE_RPC.getObjects, async ({ fileIds }) => ({
        objects: fileIds.flatMap((id) => {
          const object = objects.get(id);
          return object ? [withoutOwner(object)] : [];
        }),
      })),
      handle(STORAGE_RPC.copyObjects, async ({ fileIds, to }) => ({
        objects: fileIds.slice(0, storage.faults.dropLastCopy ? -1 : undefined).flatMap((id) => {
          const source = objects.get(id);
          if (!source) return [];
          const fileId = randomUUID();
          const copy: FakeObject = { ...source, fileId, key: `${ownerKey(to)}/${fileId}`, owner: to, uploadToken: `token-${fileId}` };
          objects.set(fileId, copy);
          return [{ ...withoutOwner(copy), copiedFrom: id }];
        }),
      })),
      handle(STORAGE_RPC.deleteObjects, async ({ fileIds }) => {
        for (const id of fileIds) {
          const object = objects.get(id);
          if (object) object.status = 'deleted';
          storage.deleted.push(id);
        }
        return { deleted: fileIds.length };
      }),
      handle(STORAGE_RPC.getUsage, async ({ ownerId }) => ({ bytes: storage.usage.get(ownerId) ?? 0 })),
      handle(STORAGE_RPC.signDownload, async ({ fileId }) => ({ url: `http://storage.test/objects/${fileId}`, expiresAt: new Date(Date.now() + 600_000).toISOString() })),
      handle(STORAGE_RPC.signZip, async ({ name }) => ({ url: `http://storage.test/zip/${name}`, expiresAt: new Date(Date.now() + 600_000).toISOString(), size: 1 })),
    ],
  };
  return storage;
}
