import type { REQUESTS_RPC, TRequestDetail } from '@ferry/contracts';
import { findOwnedRequest } from './access';
import { requestSummaryView } from './request-view';
import type { RpcRequest, TransfersDeps } from './transfers.deps';
import { ownerLinkOrigin } from './sender-branding';

/** `GET /requests/{slug}`: one request with every file that arrived (size, uploader, date). */
export async function getRequest(deps: TransfersDeps, request: RpcRequest<typeof REQUESTS_RPC.get>): Promise<TRequestDetail> {
  const fileRequest = await findOwnedRequest(deps, request.caller, request.slug);
  const files = await deps.store.arrivedFilesOf(fileRequest.id);
  return {
    ...requestSummaryView(fileRequest, await ownerLinkOrigin(deps, fileRequest.ownerId), deps.clock()),
    files: files.map((f) => ({
      id: f.id,
      name: f.name,
      path: f.path,
      size: f.size,
      uploaderEmail: f.uploaderEmail,
      uploadedAt: (f.uploadedAt ?? f.createdAt).getTime(),
    })),
  };
}
