import type { TRequestSummary } from '@ferry/contracts';
import type { FileRequestRecord, RequestFileRecord } from './transfers.ports';

/** The page an uploader opens (PRODUCT.md's /r/{id}). */
export const requestUrl = (publicUrl: string, slug: string) => `${publicUrl}/r/${slug}`;

/** Open while it has no expiry date or the date is now or later. */
export const isRequestOpen = (request: Pick<FileRequestRecord, 'expiryDate'>, now: Date) => request.expiryDate === null || request.expiryDate.getTime() >= now.getTime();

export const filePathOf = (file: Pick<RequestFileRecord, 'name' | 'path'>) => (file.path ? `${file.path}/${file.name}` : file.name);

export function requestSummaryView(request: FileRequestRecord, publicUrl: string, now: Date): TRequestSummary {
  return {
    id: request.id,
    slug: request.slug,
    url: requestUrl(publicUrl, request.slug),
    title: request.title,
    message: request.message,
    createdAt: request.createdAt.getTime(),
    expiryDate: request.expiryDate?.getTime() ?? null,
    state: isRequestOpen(request, now) ? 'active' : 'expired',
    fileCount: request.fileCount,
    totalBytes: request.totalSize,
    lastUploadAt: request.lastUploadAt?.getTime() ?? null,
  };
}
