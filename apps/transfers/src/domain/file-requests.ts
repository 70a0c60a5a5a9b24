import { randomUUID } from 'node:crypto';
import {
  AppError,
  IDENTITY_RPC,
  REQUESTS_RPC,
  STORAGE_RPC,
  type TAccessClaims,
  type TCreatedRequest,
  type TRequestDetail,
  type TRequestList,
  type TRequestSummary,
} from '@ferry/contracts';
import { isCustomExpiryValid } from '@ferry/plans';
import {
  allRequestFileIds,
  arrivedFilesOf,
  fileRequestsTable,
  findRequestBySlug,
  isRequestSlugTaken,
  listRequestsOf,
  type FileRequestRow,
  type RequestFileRow,
} from '../store/file-requests.store';
import type { Db } from '../store/transfers.store';
import { notFound, ownerIdOf } from './access';
import { newSlug } from './slug';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

/** The page an uploader opens (PRODUCT.md's /r/{id}). */
export const requestUrl = (publicUrl: string, slug: string) => `${publicUrl}/r/${slug}`;

/** Open while it has no expiry date or the date is now or later. */
export const isRequestOpen = (row: Pick<FileRequestRow, 'expiry_date'>, now: Date) => row.expiry_date === null || row.expiry_date.getTime() >= now.getTime();

export function requestSummaryView(row: FileRequestRow, publicUrl: string, now: Date): TRequestSummary {
  return {
    id: row.id,
    slug: row.slug,
    url: requestUrl(publicUrl, row.slug),
    title: row.title,
    message: row.message,
    createdAt: row.created_at.getTime(),
    expiryDate: row.expiry_date?.getTime() ?? null,
    state: isRequestOpen(row, now) ? 'active' : 'expired',
    fileCount: row.file_count,
    totalBytes: Number(row.total_size),
    lastUploadAt: row.last_upload_at?.getTime() ?? null,
  };
}

export const filePathOf = (file: Pick<RequestFileRow, 'name' | 'path'>) => (file.path ? `${file.path}/${file.name}` : file.name);

async function uniqueRequestSlug(db: Db): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const slug = newSlug();
    if (!(await isRequestSlugTaken(db, slug))) return slug;
  }
  throw new Error('Could not find a free request slug in 5 tries');
}

/** A request the caller may manage (its requester, or the team admin whose storage holds it), or 404 for anyone else. */
async function findOwnedRequest(deps: TransfersDeps, caller: TAccessClaims, slug: string): Promise<FileRequestRow> {
  const row = await findRequestBySlug(deps.db, slug);
  if (!row || (row.requester_id !== caller.sub && row.owner_id !== caller.sub)) throw notFound();
  return row;
}

/**
 * `POST /requests`: a link anyone can upload files through, into the requester's storage (the
 * team admin's for a member). The requester's name and language are kept for the page and mails.
 */
export async function createRequest(deps: TransfersDeps, request: RpcRequest<typeof REQUESTS_RPC.create>): Promise<TCreatedRequest> {
  const { caller, body } = request;
  const now = deps.clock();
  if (body.expiryDate !== undefined && !isCustomExpiryValid(body.expiryDate, now)) {
    throw new AppError('VALIDATION_FAILED', { message: 'Pick a date between 30 minutes and 1 year from now', details: { field: 'expiryDate' } });
  }
  const me = await deps.bus.request(IDENTITY_RPC.getMe, { userId: caller.sub });
  const slug = await uniqueRequestSlug(deps.db);
  const id = randomUUID();
  await fileRequestsTable(deps.db).insert({
    id,
    slug,
    requester_id: caller.sub,
    owner_id: ownerIdOf(caller),
    requester_email: me.email,
    requester_name: me.fullName,
    lang: me.lang,
    region: me.region,
    title: body.title,
    message: body.message && body.message.trim().length > 0 ? body.message : null,
    expiry_date: body.expiryDate === undefined ? null : new Date(body.expiryDate),
    status: 'active',
    created_at: now,
    updated_at: now,
  });
  return { id, slug, url: requestUrl(deps.publicUrl, slug) };
}

/** `GET /requests`: the caller's requests, newest first, with how many files each received. */
export async function listRequests(deps: TransfersDeps, request: RpcRequest<typeof REQUESTS_RPC.list>): Promise<TRequestList> {
  const { rows, total } = await listRequestsOf(deps.db, request.caller.sub, request.query);
  const now = deps.clock();
  return { items: rows.map((row) => requestSummaryView(row, deps.publicUrl, now)), total };
}

/** `GET /requests/{slug}`: one request with every file that arrived (size, uploader, date). */
export async function getRequest(deps: TransfersDeps, request: RpcRequest<typeof REQUESTS_RPC.get>): Promise<TRequestDetail> {
  const row = await findOwnedRequest(deps, request.caller, request.slug);
  const files = await arrivedFilesOf(deps.db, row.id);
  return {
    ...requestSummaryView(row, deps.publicUrl, deps.clock()),
    files: files.map((f) => ({
      id: f.id,
      name: f.name,
      path: f.path,
      size: Number(f.size),
      uploaderEmail: f.uploader_email,
      uploadedAt: (f.uploaded_at ?? f.created_at).getTime(),
    })),
  };
}

/** `DELETE /requests/{slug}`: the link stops at once; the files are removed from storage right after. */
export async function deleteRequest(deps: TransfersDeps, request: RpcRequest<typeof REQUESTS_RPC.delete>): Promise<Record<string, never>> {
  const row = await findOwnedRequest(deps, request.caller, request.slug);
  const now = deps.clock();
  await fileRequestsTable(deps.db).where({ id: row.id }).update({ status: 'deleted', updated_at: now });
  try {
    const fileIds = await allRequestFileIds(deps.db, row.id);
    if (fileIds.length > 0) await deps.bus.request(STORAGE_RPC.deleteObjects, { fileIds });
    await fileRequestsTable(deps.db).where({ id: row.id }).update({ purged_at: now });
  } catch (error) {
    // purged_at stays null, so the objects can be found and removed later.
    deps.log.warn({ err: error, requestId: row.id }, 'purging the request files failed');
  }
  return {};
}

/** `POST /requests/{slug}/downloads`: the requester's signed GET (600 s) of one arrived file, or a ZIP of all. */
export async function downloadRequestFiles(deps: TransfersDeps, request: RpcRequest<typeof REQUESTS_RPC.download>): Promise<{ url: string; expiresAt: string }> {
  const row = await findOwnedRequest(deps, request.caller, request.slug);
  const files = await arrivedFilesOf(deps.db, row.id);
  if ('fileId' in request.body) {
    const wanted = request.body.fileId;
    const file = files.find((f) => f.id === wanted);
    if (!file) throw new AppError('NOT_FOUND', { message: 'That file is not in this request' });
    return deps.bus.request(STORAGE_RPC.signDownload, { fileId: file.id, filename: file.name });
  }
  if (files.length === 0) throw new AppError('NOT_FOUND', { message: 'No files have arrived yet' });
  const zip = await deps.bus.request(STORAGE_RPC.signZip, {
    name: `ferry-request-${row.slug}.zip`,
    entries: files.map((f) => ({ fileId: f.id, path: filePathOf(f) })),
  });
  return { url: zip.url, expiresAt: zip.expiresAt };
}

