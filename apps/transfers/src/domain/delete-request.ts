import { STORAGE_RPC, type REQUESTS_RPC } from '@ferry/contracts';
import { findOwnedRequest } from './access';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

/** `DELETE /requests/{slug}`: the link stops at once; the files are removed from storage right after. */
export async function deleteRequest(deps: TransfersDeps, request: RpcRequest<typeof REQUESTS_RPC.delete>): Promise<Record<string, never>> {
  const fileRequest = await findOwnedRequest(deps, request.caller, request.slug);
  const now = deps.clock();
  await deps.store.updateRequest(fileRequest.id, { status: 'deleted', updatedAt: now });
  try {
    const fileIds = await deps.store.allRequestFileIds(fileRequest.id);
    if (fileIds.length > 0) await deps.bus.request(STORAGE_RPC.deleteObjects, { fileIds });
    await deps.store.updateRequest(fileRequest.id, { purgedAt: now });
  } catch (error) {
    // purged_at stays null, so the objects can be found and removed later.
    deps.log.warn({ err: error, requestId: fileRequest.id }, 'purging the request files failed');
  }
  return {};
}
