import { serve, type RpcHandler } from '@ferry/bus';
import { STORAGE_RPC } from '@ferry/contracts';
import { completeUploads } from '../domain/complete-uploads';
import { inspectImage } from '../domain/inspect-image';
import type { StorageDeps } from '../domain/storage.deps';
import { rotateMasterKey } from '../domain/rotate-master-key';
import { listRegions } from '../domain/speed-test';
import { copyObjects, deleteObjects, getObjects, getUsage, signDownload } from '../domain/stored-objects';
import { abortUpload, createUploadGrants, listUploadParts, signUpload } from '../domain/upload-grants';
import { signZip } from '../domain/zip-downloads';

/** Every endpoint of `STORAGE_RPC`, served in the `storage` queue group; the bus validates each request against its contract. */
export function storageHandlers(deps: StorageDeps): RpcHandler[] {
  const R = STORAGE_RPC;
  return [
    serve(deps, R.createUploadGrants, createUploadGrants),
    serve(deps, R.signUpload, signUpload),
    serve(deps, R.listUploadParts, listUploadParts),
    serve(deps, R.abortUpload, abortUpload),
    serve(deps, R.completeUploads, completeUploads),
    serve(deps, R.getObjects, getObjects),
    serve(deps, R.signDownload, signDownload),
    serve(deps, R.signZip, signZip),
    serve(deps, R.copyObjects, copyObjects),
    serve(deps, R.deleteObjects, deleteObjects),
    serve(deps, R.inspectImage, inspectImage),
    serve(deps, R.getUsage, getUsage),
    serve(deps, R.listRegions, listRegions),
    serve(deps, R.rotateMasterKey, rotateMasterKey),
  ];
}
