import { handle, type RpcHandler } from '@ferry/bus';
import { STORAGE_RPC, parseOrThrow } from '@ferry/contracts';
import { completeUploads } from '../domain/complete-uploads';
import type { StorageDeps } from '../domain/storage.deps';
import { listRegions } from '../domain/speed-test';
import { copyObjects, deleteObjects, getObjects, getUsage, signDownload } from '../domain/stored-objects';
import { abortUpload, createUploadGrants, listUploadParts, signUpload } from '../domain/upload-grants';
import { signZip } from '../domain/zip-downloads';

/** Every endpoint of `STORAGE_RPC`, served in the `storage` queue group: parse, then the domain. */
export function storageHandlers(deps: StorageDeps): RpcHandler[] {
  const R = STORAGE_RPC;
  return [
    handle(R.createUploadGrants, (req) => createUploadGrants(deps, parseOrThrow(R.createUploadGrants.request, req, 'request'))),
    handle(R.signUpload, (req) => signUpload(deps, parseOrThrow(R.signUpload.request, req, 'request'))),
    handle(R.listUploadParts, (req) => listUploadParts(deps, parseOrThrow(R.listUploadParts.request, req, 'request'))),
    handle(R.abortUpload, (req) => abortUpload(deps, parseOrThrow(R.abortUpload.request, req, 'request'))),
    handle(R.completeUploads, (req) => completeUploads(deps, parseOrThrow(R.completeUploads.request, req, 'request'))),
    handle(R.getObjects, (req) => getObjects(deps, parseOrThrow(R.getObjects.request, req, 'request'))),
    handle(R.signDownload, (req) => signDownload(deps, parseOrThrow(R.signDownload.request, req, 'request'))),
    handle(R.signZip, (req) => signZip(deps, parseOrThrow(R.signZip.request, req, 'request'))),
    handle(R.copyObjects, (req) => copyObjects(deps, parseOrThrow(R.copyObjects.request, req, 'request'))),
    handle(R.deleteObjects, (req) => deleteObjects(deps, parseOrThrow(R.deleteObjects.request, req, 'request'))),
    handle(R.getUsage, (req) => getUsage(deps, parseOrThrow(R.getUsage.request, req, 'request'))),
    handle(R.listRegions, () => listRegions(deps)),
  ];
}
