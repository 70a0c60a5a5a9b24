import { randomUUID } from 'node:crypto';
import { IDENTITY_RPC, type REQUESTS_RPC, type TRequestUploadStarted } from '@ferry/contracts';
import { checkDraftLimits, filterDraftFiles } from './draft-rules';
import { grantUploads } from './grant-uploads';
import { openPublicRequest } from './open-public-request';
import type { RpcRequest, TransfersDeps } from './transfers.deps';
import { noFilesLeftError } from './transfers.errors';

/**
 * `POST /public/requests/{slug}/uploads`: an uploader's batch. Anonymous senders' filters apply
 * (html/htm/exe, release-style videos, duplicates); the requester's plan limits the batch (size
 * and file count). Storage grants write under the requester's storage at the request's path.
 */
export async function startRequestUpload(deps: TransfersDeps, request: RpcRequest<typeof REQUESTS_RPC.startUpload>): Promise<TRequestUploadStarted> {
  const { body, client } = request;
  const fileRequest = await openPublicRequest(deps, request.slug, client.ip);
  const { kept, dropped } = filterDraftFiles(body.files.map((f) => ({ ...f, kind: 'file' as const })), { anonymous: true });
  if (kept.length === 0) throw noFilesLeftError(dropped);
  const requester = await deps.bus.request(IDENTITY_RPC.getMe, { userId: fileRequest.requesterId });
  checkDraftLimits(requester.role, kept, 0);
  const uploadId = randomUUID();
  const now = deps.clock();
  const owner = { type: 'request' as const, userId: fileRequest.ownerId, uploadPath: fileRequest.slug };
  const { grants } = await grantUploads(deps, { owner, region: fileRequest.region, files: kept }, (granted) =>
    deps.store.insertRequestFiles(
      granted.map(({ grant, file }, position) => ({
        id: grant.fileId,
        requestId: fileRequest.id,
        uploadId,
        position,
        name: file.name,
        path: file.path,
        size: file.size,
        contentType: file.contentType ?? null,
        uploaderEmail: body.email ?? null,
        uploaderIp: client.ip ?? null,
        status: 'uploading',
        createdAt: now,
        uploadedAt: null,
      })),
    ),
  );
  return { uploadId, uploads: grants, dropped };
}
