import { isRequestOpen } from './request-view';
import type { TransfersDeps } from './transfers.deps';
import { notFoundError, requestExpiredError } from './transfers.errors';
import type { FileRequestRecord } from './transfers.ports';

/**
 * The checks of every uploader call: unknown or deleted (404, rate-limited per address like
 * download links), then expired (410 `LINK_EXPIRED`).
 */
export async function openPublicRequest(deps: TransfersDeps, slug: string, ip: string | undefined): Promise<FileRequestRecord> {
  await deps.slugMisses.check(ip);
  const request = await deps.store.findRequestBySlug(slug);
  if (!request) {
    await deps.slugMisses.record(ip);
    throw notFoundError();
  }
  if (!isRequestOpen(request, deps.clock())) throw requestExpiredError();
  return request;
}
