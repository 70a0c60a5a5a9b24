import { REQUESTS_RPC, type TAccessClaims, type TRequestUploadStarted } from '@ferry/contracts';
import type { TransfersHarness } from './transfers-harness';

/** A request of `requester`'s, created through the RPC. */
export async function createRequest(h: TransfersHarness, requester: TAccessClaims, body: { title?: string; message?: string; expiryDate?: number } = {}) {
  return h.call(REQUESTS_RPC.create, { caller: requester, body: { title: body.title ?? 'Send me the contracts', message: body.message, expiryDate: body.expiryDate } });
}

/** An uploader's batch through the `/r/{slug}` page: started, uploaded to storage, completed. */
export async function uploadThroughRequest(
  h: TransfersHarness,
  slug: string,
  files: { name: string; size: number; path?: string }[],
  options: { email?: string; ip?: string } = {},
): Promise<TRequestUploadStarted> {
  const client = { ip: options.ip ?? '198.51.100.4' };
  const started = await h.call(REQUESTS_RPC.startUpload, { slug, client, body: { files, email: options.email } });
  h.storage.upload(started.uploads);
  await h.call(REQUESTS_RPC.completeUpload, { slug, uploadId: started.uploadId, client, body: { uploads: started.uploads.map((g) => ({ uploadToken: g.uploadToken })) } });
  return started;
}
