import type { TPresignedRequest } from '@ferry/contracts';
import type { UploadContext } from './upload-context';
import { PartError, throwIfCancelled } from './upload-errors';

/** URLs are re-signed this long before they expire, so a slow part never starts on a dying URL. */
export const RESIGN_MARGIN_MS = 60_000;

/** How long a signed URL has left. */
export function msLeft(ctx: UploadContext, signed: { expiresAt: string }): number {
  return new Date(signed.expiresAt).getTime() - ctx.now();
}

export function etagOf(res: Response): string {
  return (res.headers.get('etag') ?? '').replace(/"/g, '');
}

/** Where a PUT gets its URL: the current one, and a fresh one when that is about to expire or was refused. */
export interface SignedUrlSource {
  current(): Promise<TPresignedRequest>;
  resign(): Promise<TPresignedRequest>;
}

/**
 * One upload of `body` (a Blob slice of the file, streamed by fetch from the file as it goes out) to storage,
 * with the method its URL was signed for: PUT, or POST for the local driver's parts (no CORS preflight).
 * A URL about to expire is signed again first; a 403 (an expired or otherwise refused URL) is signed
 * again once before the request counts as failed.
 */
export async function putSigned(ctx: UploadContext, urls: SignedUrlSource, body: Blob, partNumber: number): Promise<Response> {
  let signed = await urls.current();
  for (let round = 0; round < 2; round += 1) {
    if (msLeft(ctx, signed) < RESIGN_MARGIN_MS) signed = await urls.resign();
    let res: Response;
    try {
      res = await ctx.fetch(signed.url, { method: signed.method, headers: signed.headers, body, signal: ctx.signal });
    } catch (error) {
      throwIfCancelled(ctx.signal);
      throw new PartError(`Network error ~ ${(error as Error).message}`, partNumber);
    }
    if (res.ok) return res;
    await res.arrayBuffer().catch(() => undefined);
    if (res.status === 403 && round === 0) {
      signed = await urls.resign();
      continue;
    }
    throw new PartError(`Storage answered ${res.status}`, partNumber, res.status);
  }
  throw new PartError('Storage refused the URL', partNumber, 403);
}
