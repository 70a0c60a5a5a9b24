import { STORAGE_RPC, type REQUESTS_RPC } from '@ferry/contracts';
import { findOwnedRequest } from './access';
import { filePathOf } from './request-view';
import type { RpcRequest, TransfersDeps } from './transfers.deps';
import { fileNotInRequestError, noArrivedFilesError } from './transfers.errors';

/** `POST /requests/{slug}/downloads`: the requester's signed GET (600 s) of one arrived file, or a ZIP of all. */
export async function downloadRequestFiles(deps: TransfersDeps, request: RpcRequest<typeof REQUESTS_RPC.download>): Promise<{ url: string; expiresAt: string }> {
  const fileRequest = await findOwnedRequest(deps, request.caller, request.slug);
  const files = await deps.store.arrivedFilesOf(fileRequest.id);
  if ('fileId' in request.body) {
    const wanted = request.body.fileId;
    const file = files.find((f) => f.id === wanted);
    if (!file) throw fileNotInRequestError();
    return deps.bus.request(STORAGE_RPC.signDownload, { fileId: file.id, filename: file.name });
  }
  if (files.length === 0) throw noArrivedFilesError();
  const zip = await deps.bus.request(STORAGE_RPC.signZip, {
    name: `ferry-request-${fileRequest.slug}.zip`,
    entries: files.map((f) => ({ fileId: f.id, path: filePathOf(f) })),
  });
  return { url: zip.url, expiresAt: zip.expiresAt };
}
