import { randomUUID } from 'node:crypto';
import { writeEvent } from '@ferry/bus';
import {
  AppError,
  IDENTITY_RPC,
  REQUEST_UPLOADED,
  REQUESTS_RPC,
  STORAGE_RPC,
  type TCompletedRequestUpload,
  type TPublicRequest,
  type TRequestUploadStarted,
  type TUploadGrant,
} from '@ferry/contracts';
import { batchFilesOf, findRequestBySlug, markBatchArrived, requestFilesTable, type FileRequestRow } from '../store/file-requests.store';
import { notFound } from './access';
import { checkDraftLimits, filterDraftFiles } from './draft-rules';
import { filePathOf, isRequestOpen } from './file-requests';
import { grantUploads } from './grant-uploads';
import { checkUploadsStored } from './stored-uploads';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

/**
 * The checks of every uploader call: unknown or deleted (404, rate-limited per address like
 * download links), then expired (410 `LINK_EXPIRED`).
 */
async function openPublicRequest(deps: TransfersDeps, slug: string, ip: string | undefined): Promise<FileRequestRow> {
  deps.slugMisses.check(ip);
  const row = await findRequestBySlug(deps.db, slug);
  if (!row) {
    deps.slugMisses.record(ip);
    throw notFound();
  }
  if (!isRequestOpen(row, deps.clock())) throw new AppError('LINK_EXPIRED', { message: 'This request has expired. Ask the requester for a new link.' });
  return row;
}

/** `GET /public/requests/{slug}`: what the `/r/{slug}` page shows; never the files. */
export async function getPublicRequest(deps: TransfersDeps, request: RpcRequest<typeof REQUESTS_RPC.publicGet>): Promise<TPublicRequest> {
  const row = await openPublicRequest(deps, request.slug, request.client.ip);
  return {
    slug: row.slug,
    title: row.title,
    message: row.message,
    requesterName: row.requester_name,
    requesterEmail: row.requester_email,
    expiryDate: row.expiry_date?.getTime() ?? null,
  };
}

/**
 * `POST /public/requests/{slug}/uploads`: an uploader's batch. Anonymous senders' filters apply
 * (html/htm/exe, release-style videos, duplicates); the requester's plan limits the batch (size
 * and file count). Storage grants write under the requester's storage at the request's path.
 */
export async function startRequestUpload(deps: TransfersDeps, request: RpcRequest<typeof REQUESTS_RPC.startUpload>): Promise<TRequestUploadStarted> {
  const { body, client } = request;
  const row = await openPublicRequest(deps, request.slug, client.ip);
  const { kept, dropped } = filterDraftFiles(body.files.map((f) => ({ ...f, kind: 'file' as const })), { anonymous: true });
  if (kept.length === 0) throw new AppError('NO_FILES_LEFT', { message: 'None of these files can be sent', details: { dropped } });
  const requester = await deps.bus.request(IDENTITY_RPC.getMe, { userId: row.requester_id });
  checkDraftLimits(requester.role, kept, 0);
  const uploadId = randomUUID();
  const now = deps.clock();
  const { grants } = await grantUploads(
    deps,
    {
      owner: { type: 'request', userId: row.owner_id, uploadPath: row.slug },
      region: row.region as never,
      files: kept.map((f) => ({ name: f.name, size: f.size, contentType: f.contentType })),
    },
    (grants) =>
      requestFilesTable(deps.db).insert(
        kept.map((f, position) => ({
          id: (grants[position] as TUploadGrant).fileId,
          request_id: row.id,
          upload_id: uploadId,
          position,
          name: f.name,
          path: f.path,
          size: f.size,
          content_type: f.contentType ?? null,
          uploader_email: body.email ?? null,
          uploader_ip: client.ip ?? null,
          status: 'uploading' as const,
          created_at: now,
        })),
      ),
  );
  return { uploadId, uploads: grants, dropped };
}

/**
 * `POST /public/requests/{slug}/uploads/{uploadId}/complete`: finishes the named uploads, checks
 * every file of the batch in storage, then records them as arrived and writes
 * `evt.request.uploaded` (the requester's feed and mail) in the same transaction. Completing
 * twice answers the same and tells the requester once.
 */
export async function completeRequestUpload(deps: TransfersDeps, request: RpcRequest<typeof REQUESTS_RPC.completeUpload>): Promise<TCompletedRequestUpload> {
  const { body, client } = request;
  const row = await openPublicRequest(deps, request.slug, client.ip);
  const batch = await batchFilesOf(deps.db, row.id, request.uploadId);
  if (batch.length === 0) throw notFound();
  if (body.uploads.length > 0) await deps.bus.request(STORAGE_RPC.completeUploads, { uploads: body.uploads });
  await checkUploadsStored(deps, batch.filter((f) => f.status === 'uploading'));

  const now = deps.clock();
  const told = await deps.db.transaction(async (trx) => {
    const pending = await requestFilesTable(trx).where({ request_id: row.id, upload_id: request.uploadId, status: 'uploading' }).orderBy('position').forUpdate();
    if (pending.length === 0) return false;
    await markBatchArrived(trx, row.id, pending.map((f) => f.id), now);
    await writeEvent(trx, REQUEST_UPLOADED, {
      requestId: row.id,
      slug: row.slug,
      title: row.title,
      ownerId: row.requester_id,
      ownerEmail: row.requester_email,
      ownerLang: row.lang,
      fileNames: pending.slice(0, 20).map(filePathOf),
      uploaderEmail: pending[0]?.uploader_email ?? null,
      ip: client.ip ?? null,
      uploadedAt: now.toISOString(),
    });
    return true;
  });
  if (told) deps.eventsCommitted();
  return { slug: row.slug, fileCount: batch.length };
}
