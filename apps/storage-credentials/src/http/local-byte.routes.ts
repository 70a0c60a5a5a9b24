import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { AppError } from '@ferry/contracts';
import { attachmentDisposition, downloadContentType } from '../drivers/content-disposition';
import type { LocalDriver } from '../drivers/local/local-driver';
import { InvalidPartError, NoSuchKeyError, NoSuchUploadError, ObjectExistsError, OverGrantError, TooLargeError } from '../drivers/local/local-store.errors';
import type { SignedGrant } from '../drivers/local/url-signature';
import { parseRange } from './byte-range';
import { authorizeGrant, declaredLength } from './signed-grant';

export interface LocalByteRoutesOptions {
  driver: LocalDriver;
  urlSecret: Buffer;
  now?: () => number;
}

type Authorize = (req: Request, method: SignedGrant['method']) => SignedGrant;

interface ByteRequest {
  req: Request;
  res: Response;
  driver: LocalDriver;
  authorize: Authorize;
}

// Browsers call these straight from the web app's origin; the signature is the credential.
function corsForBytes(req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', 'ETag, Content-Length, Content-Range, Content-Disposition');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, PUT, POST, DELETE');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Range');
    res.setHeader('Access-Control-Max-Age', '3600');
    res.status(204).end();
    return;
  }
  next();
}

/** Stores the request's body as the part its grant names, and answers its ETag. */
async function storePart({ req, res, driver }: ByteRequest, grant: SignedGrant): Promise<void> {
  if (grant.uploadId === undefined || grant.partNumber === undefined) throw new AppError('URL_SIGNATURE_INVALID', { message: 'A part URL needs its upload and part number' });
  const length = declaredLength(req, grant.maxBytes);
  const part = await driver.store.uploadPart(grant.bucket, grant.key, grant.uploadId, grant.partNumber, req, { maxBytes: grant.maxBytes, declaredBytes: length });
  res.setHeader('ETag', `"${part.etag}"`);
  res.status(200).end();
}

/** PUT: a part of a multipart upload (URLs signed before parts were POSTs), or the one object a single-PUT grant allows. */
async function putBytes(request: ByteRequest): Promise<void> {
  const { req, res, driver, authorize } = request;
  const grant = authorize(req, 'PUT');
  if (grant.uploadId !== undefined) {
    await storePart(request, grant);
    return;
  }
  declaredLength(req, grant.maxBytes); // refuses a body without a Content-Length, or longer than the grant, before reading it
  const contentType = typeof req.headers['content-type'] === 'string' ? req.headers['content-type'] : 'application/octet-stream';
  // A single-PUT grant is for one new object of exactly the granted size.
  const info = await driver.store.putObject(grant.bucket, grant.key, req, {
    contentType,
    maxBytes: grant.maxBytes,
    exactBytes: grant.maxBytes,
    ifNoneMatch: true,
  });
  res.setHeader('ETag', `"${info.etag}"`);
  res.status(200).end();
}

/**
 * POST: a part of a multipart upload (as `presignPart` signs them: a POST without a Content-Type needs no
 * CORS preflight; the signature covers the method, so such a URL refuses a PUT), or starts an upload,
 * or completes one.
 */
async function postUpload(request: ByteRequest): Promise<void> {
  const { req, res, driver, authorize } = request;
  const grant = authorize(req, 'POST');
  if (grant.partNumber !== undefined) {
    await storePart(request, grant);
    return;
  }
  if (grant.uploadId === undefined) {
    const uploadId = await driver.store.createMultipartUpload(grant.bucket, grant.key, 'application/octet-stream');
    res.status(200).json({ uploadId });
    return;
  }
  const body = req.body as { parts?: { partNumber: number; etag: string }[] } | undefined;
  const parts = Array.isArray(body?.parts) ? body.parts : [];
  const info = await driver.store.completeMultipartUpload(grant.bucket, grant.key, grant.uploadId, parts, driver.minPartSize);
  res.status(200).json({ key: info.key, size: info.size, etag: info.etag });
}

/** DELETE: aborts a multipart upload. */
async function deleteUpload({ req, res, driver, authorize }: ByteRequest): Promise<void> {
  const grant = authorize(req, 'DELETE');
  if (grant.uploadId === undefined) throw new AppError('URL_SIGNATURE_INVALID', { message: 'Only uploads can be aborted here' });
  await driver.store.abortMultipartUpload(grant.bucket, grant.key, grant.uploadId);
  res.status(204).end();
}

function setDownloadHeaders(res: Response, grant: SignedGrant, info: { contentType: string; etag: string; lastModified: Date }): void {
  const filename = grant.filename ?? grant.key.split('/').pop() ?? 'download';
  res.setHeader('Content-Type', downloadContentType(filename, grant.contentType ?? info.contentType));
  res.setHeader('Content-Disposition', attachmentDisposition(filename));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('ETag', `"${info.etag}"`);
  res.setHeader('Last-Modified', info.lastModified.toUTCString());
  res.setHeader('Cache-Control', 'private, max-age=0');
}

/** GET: an object's bytes, whole or one range, or the parts of an upload. A GET grant also allows HEAD (Express routes HEAD to GET handlers). */
async function getBytes({ req, res, driver, authorize }: ByteRequest): Promise<void> {
  const grant = authorize(req, 'GET');
  if (grant.uploadId !== undefined) {
    res.status(200).json({ parts: await driver.store.listParts(grant.bucket, grant.key, grant.uploadId) });
    return;
  }
  const info = await driver.store.head(grant.bucket, grant.key);
  if (!info) throw new AppError('OBJECT_NOT_FOUND', { message: 'There is no such file' });
  setDownloadHeaders(res, grant, info);
  const range = parseRange(req.headers.range, info.size);
  if (range === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${info.size}`);
    throw new AppError('RANGE_NOT_SATISFIABLE', { message: 'The range is outside the file' });
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? info.size - 1;
  if (range) {
    res.status(206);
    res.setHeader('Content-Range', `bytes ${start}-${end}/${info.size}`);
  }
  res.setHeader('Content-Length', String(Math.max(0, end - start + 1)));
  if (req.method === 'HEAD' || info.size === 0) {
    res.end();
    return;
  }
  const body = await driver.store.read(grant.bucket, grant.key, start, end);
  body.on('error', (error) => {
    (res.locals.log as { error(o: object, m: string): void } | undefined)?.error({ err: error }, 'reading an object failed mid-stream');
    res.destroy(error);
  });
  body.pipe(res);
}

/** The local store's refusals as the error codes every driver answers with. */
function translate(error: unknown): unknown {
  if (error instanceof ObjectExistsError) return new AppError('OBJECT_EXISTS', { message: 'This URL was already used; a grant writes one new file' });
  if (error instanceof TooLargeError) return new AppError('UPLOAD_TOO_LARGE', { message: error.message });
  if (error instanceof OverGrantError) return new AppError(error.reason === 'bytes' ? 'UPLOAD_TOO_LARGE' : 'PART_OUT_OF_RANGE', { message: error.message });
  if (error instanceof NoSuchUploadError) return new AppError('UPLOAD_NOT_FOUND', { message: 'There is no such upload' });
  if (error instanceof NoSuchKeyError) return new AppError('OBJECT_NOT_FOUND', { message: 'There is no such file' });
  if (error instanceof InvalidPartError) return new AppError('SIZE_MISMATCH', { message: error.message });
  return error;
}

/**
 * The signed byte endpoints of the local driver, shaped like S3's: PUT object, multipart
 * create / upload part / list parts / complete / abort, GET with Range and HEAD. The signature
 * is the only credential, so every field it covers comes from the URL and is checked.
 */
export function localByteRoutes(options: LocalByteRoutesOptions): Router {
  const { driver, urlSecret } = options;
  const now = options.now ?? (() => Date.now());
  const authorize: Authorize = (req, method) => authorizeGrant(req, method, urlSecret, Math.floor(now() / 1000));
  const serve =
    (handler: (request: ByteRequest) => Promise<void>) =>
    (req: Request, res: Response, next: NextFunction): void => {
      handler({ req, res, driver, authorize }).catch((error: unknown) => next(translate(error)));
    };

  const router = express.Router();
  router.use('/o', corsForBytes);
  router.put('/o/:bucket/*key', serve(putBytes));
  router.post('/o/:bucket/*key', express.json({ limit: '2mb' }), serve(postUpload));
  router.delete('/o/:bucket/*key', serve(deleteUpload));
  router.get('/o/:bucket/*key', serve(getBytes));
  return router;
}
