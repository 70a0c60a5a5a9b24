import { REQUEST_UPLOADED, STORAGE_RPC, type REQUESTS_RPC, type TCompletedRequestUpload } from '@ferry/contracts';
import { openPublicRequest } from './open-public-request';
import { filePathOf } from './request-view';
import { checkUploadsStored } from './stored-uploads';
import type { RpcRequest, TransfersDeps } from './transfers.deps';
import { notFoundError } from './transfers.errors';

/**
 * `POST /public/requests/{slug}/uploads/{uploadId}/complete`: finishes the named uploads, checks
 * every file of the batch in storage, then records them as arrived and writes
 * `evt.request.uploaded` (the requester's feed and mail) in the same transaction. Completing
 * twice answers the same and tells the requester once.
 */
export async function completeRequestUpload(deps: TransfersDeps, request: RpcRequest<typeof REQUESTS_RPC.completeUpload>): Promise<TCompletedRequestUpload> {
  const { body, client } = request;
  const fileRequest = await openPublicRequest(deps, request.slug, client.ip);
  const batch = await deps.store.batchFilesOf(fileRequest.id, request.uploadId);
  if (batch.length === 0) throw notFoundError();
  if (body.uploads.length > 0) await deps.bus.request(STORAGE_RPC.completeUploads, { uploads: body.uploads });
  await checkUploadsStored(deps, batch.filter((f) => f.status === 'uploading'));

  const now = deps.clock();
  await deps.store.transaction(async (tx) => {
    const pending = await tx.lockPendingBatchFiles(fileRequest.id, request.uploadId);
    if (pending.length === 0) return;
    await tx.markBatchArrived(fileRequest.id, pending.map((f) => f.id), now);
    await tx.emit(REQUEST_UPLOADED, {
      requestId: fileRequest.id,
      slug: fileRequest.slug,
      title: fileRequest.title,
      ownerId: fileRequest.requesterId,
      ownerEmail: fileRequest.requesterEmail,
      ownerLang: fileRequest.lang,
      fileNames: pending.slice(0, 20).map(filePathOf),
      uploaderEmail: pending[0]?.uploaderEmail ?? null,
      ip: client.ip ?? null,
      uploadedAt: now.toISOString(),
    });
  });
  return { slug: fileRequest.slug, fileCount: batch.length };
}
