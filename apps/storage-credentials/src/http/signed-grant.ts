import type { Request } from 'express';
import { AppError } from '@ferry/contracts';
import { checkGrantSignature, type SignedGrant } from '../drivers/local/url-signature';

function queryString(req: Request, name: string): string | undefined {
  const value = req.query[name];
  return typeof value === 'string' ? value : undefined;
}

function optionalInt(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,16}$/.test(value)) throw new AppError('URL_SIGNATURE_INVALID', { message: 'The URL is not valid' });
  return Number(value);
}

/**
 * The grant a byte request's URL carries, once its signature checks out. The signature is the
 * only credential, so every field it covers comes from the URL.
 */
export function authorizeGrant(req: Request, method: SignedGrant['method'], urlSecret: Buffer, nowSeconds: number): SignedGrant {
  const segments = req.params.key as unknown as string[];
  const grant: SignedGrant = {
    method,
    bucket: String(req.params.bucket),
    key: segments.join('/'),
    uploadId: queryString(req, 'uploadId'),
    partNumber: optionalInt(queryString(req, 'partNumber')),
    maxBytes: optionalInt(queryString(req, 'X-Ferry-Max')),
    filename: queryString(req, 'filename'),
    contentType: queryString(req, 'type'),
    expires: optionalInt(queryString(req, 'X-Ferry-Expires')) ?? 0,
  };
  const check = checkGrantSignature(grant, queryString(req, 'X-Ferry-Signature') ?? '', urlSecret, nowSeconds);
  if (!check.ok && check.reason === 'expired') throw new AppError('URL_EXPIRED', { message: 'This link has expired; ask for a new one' });
  if (!check.ok) throw new AppError('URL_SIGNATURE_INVALID', { message: 'The URL signature does not match' });
  return grant;
}

/** The request's Content-Length, refused at the door when it is more than the URL allows. */
export function declaredLength(req: Request, maxBytes: number | undefined): number | undefined {
  const header = req.headers['content-length'];
  const length = header === undefined ? undefined : Number(header);
  if (length !== undefined && maxBytes !== undefined && length > maxBytes) {
    throw new AppError('UPLOAD_TOO_LARGE', { message: `This URL accepts at most ${maxBytes} bytes` });
  }
  return length;
}
