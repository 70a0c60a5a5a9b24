import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { AppError } from '@ferry/contracts';
import { attachmentDisposition, downloadContentType } from '../content-disposition';
import type { LocalDriver } from './local-driver';
import { InvalidPartError, NoSuchKeyError, NoSuchUploadError, ObjectExistsError, OverGrantError, TooLargeError } from './local-object-store';
import { checkGrantSignature, type SignedGrant } from './url-signature';

export interface LocalByteRoutesOptions {
  driver: LocalDriver;
  urlSecret: Buffer;
  now?: () => number;
}

function queryString(req: Request, name: string): string | undefined {
  const value = req.query[name];
  return typeof value === 'string' ? value : undefined;
}

function optionalInt(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,16}$/.test(value)) throw new AppError('URL_SIGNATURE_INVALID', { message: 'The URL is not valid' });
  return Number(value);
}

/** Parses one `bytes=` range against a size; multiple ranges are served whole, as S3 does. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * The signed byte endpoints of the local driver, shaped like S3's: PUT object, multipart
 * create / upload part / list parts / complete / abort, GET with Range and HEAD. The signature
 * is the only credential, so every field it covers comes from the URL and is checked.
 */
export function localByteRoutes(options: LocalByteRoutesOptions): Router {
  const { driver } = options;
  const store = driver.store;
  const now = options.now ?? (() => Date.now());
  const router = express.Router();

  router.use('/o', (req: Request, res: Response, next: NextFunction) => {
    // Browsers call these straight from the web app's origin; the signature is the credential.
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
  });

  function authorize(req: Request, method: SignedGrant['method']): SignedGrant {
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
    const check = checkGrantSignature(grant, queryString(req, 'X-Ferry-Signature') ?? '', options.urlSecret, Math.floor(now() / 1000));
    if (!check.ok && check.reason === 'expired') throw new AppError('URL_EXPIRED', { message: 'This link has expired; ask for a new one' });
    if (!check.ok) throw new AppError('URL_SIGNATURE_INVALID', { message: 'The URL signature does not match' });
    return grant;
  }

  function declaredLength(req: Request, maxBytes: number | undefined): number | undefined {
    const header = req.headers['content-length'];
    const length = header === undefined ? undefined : Number(header);
    if (length !== undefined && maxBytes !== undefined && length > maxBytes) {
      throw new AppError('UPLOAD_TOO_LARGE', { message: `This URL accepts at most ${maxBytes} bytes` });
    }
    return length;
  }

  const wrap =
    (handler: (req: Request, res: Response) => Promise<void>) =>
    (req: Request, res: Response, next: NextFunction): void => {
      handler(req, res).catch((error: unknown) => next(translate(error)));
    };

  router.put(
    '/o/:bucket/*key',
    wrap(async (req, res) => {
      const grant = authorize(req, 'PUT');
      const length = declaredLength(req, grant.maxBytes);
      if (grant.uploadId !== undefined) {
        if (grant.partNumber === undefined) throw new AppError('URL_SIGNATURE_INVALID', { message: 'A part URL needs its part number' });
        const part = await store.uploadPart(grant.bucket, grant.key, grant.uploadId, grant.partNumber, req, { maxBytes: grant.maxBytes, declaredBytes: length });
        res.setHeader('ETag', `"${part.etag}"`);
        res.status(200).end();
        return;
      }
      const contentType = typeof req.headers['content-type'] === 'string' ? req.headers['content-type'] : 'application/octet-stream';
      // A single-PUT grant is for one new object of exactly the granted size.
      const info = await store.putObject(grant.bucket, grant.key, req, {
        contentType,
        maxBytes: grant.maxBytes,
        exactBytes: grant.maxBytes,
        ifNoneMatch: true,
      });
      res.setHeader('ETag', `"${info.etag}"`);
      res.status(200).end();
    }),
  );

  router.post(
    '/o/:bucket/*key',
    express.json({ limit: '2mb' }),
    wrap(async (req, res) => {
      const grant = authorize(req, 'POST');
      if (grant.uploadId === undefined) {
        const uploadId = await store.createMultipartUpload(grant.bucket, grant.key, 'application/octet-stream');
        res.status(200).json({ uploadId });
        return;
      }
      const body = req.body as { parts?: { partNumber: number; etag: string }[] } | undefined;
      const parts = Array.isArray(body?.parts) ? body.parts : [];
      const info = await store.completeMultipartUpload(grant.bucket, grant.key, grant.uploadId, parts, driver.minPartSize);
      res.status(200).json({ key: info.key, size: info.size, etag: info.etag });
    }),
  );

  router.delete(
    '/o/:bucket/*key',
    wrap(async (req, res) => {
      const grant = authorize(req, 'DELETE');
      if (grant.uploadId === undefined) throw new AppError('URL_SIGNATURE_INVALID', { message: 'Only uploads can be aborted here' });
      await store.abortMultipartUpload(grant.bucket, grant.key, grant.uploadId);
      res.status(204).end();
    }),
  );

  router.get(
    '/o/:bucket/*key',
    wrap(async (req, res) => {
      // A GET grant also allows HEAD (Express routes HEAD to GET handlers).
      const grant = authorize(req, 'GET');
      if (grant.uploadId !== undefined) {
        res.status(200).json({ parts: await store.listParts(grant.bucket, grant.key, grant.uploadId) });
        return;
      }
      const info = await store.head(grant.bucket, grant.key);
      if (!info) throw new AppError('OBJECT_NOT_FOUND', { message: 'There is no such file' });
      const filename = grant.filename ?? grant.key.split('/').pop() ?? 'download';
      res.setHeader('Content-Type', downloadContentType(filename, grant.contentType ?? info.contentType));
      res.setHeader('Content-Disposition', attachmentDisposition(filename));
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Accept-Ranges', 'bytes');
      res.setHeader('ETag', `"${info.etag}"`);
      res.setHeader('Last-Modified', info.lastModified.toUTCString());
      res.setHeader('Cache-Control', 'private, max-age=0');
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
      const body = await store.read(grant.bucket, grant.key, start, end);
      body.on('error', (error) => {
        (res.locals.log as { error(o: object, m: string): void } | undefined)?.error({ err: error }, 'reading an object failed mid-stream');
        res.destroy(error);
      });
      body.pipe(res);
    }),
  );

  return router;
}

function translate(error: unknown): unknown {
  if (error instanceof ObjectExistsError) return new AppError('OBJECT_EXISTS', { message: 'This URL was already used; a grant writes one new file' });
  if (error instanceof TooLargeError) return new AppError('UPLOAD_TOO_LARGE', { message: error.message });
  if (error instanceof OverGrantError) return new AppError(error.reason === 'bytes' ? 'UPLOAD_TOO_LARGE' : 'PART_OUT_OF_RANGE', { message: error.message });
  if (error instanceof NoSuchUploadError) return new AppError('UPLOAD_NOT_FOUND', { message: 'There is no such upload' });
  if (error instanceof NoSuchKeyError) return new AppError('OBJECT_NOT_FOUND', { message: 'There is no such file' });
  if (error instanceof InvalidPartError) return new AppError('SIZE_MISMATCH', { message: error.message });
  return error;
}
