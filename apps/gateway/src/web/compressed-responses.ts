import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compression from 'compression';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export type ContentEncoding = 'br' | 'gzip';

/** API JSON smaller than this goes as it is: compressing it saves less than it costs. */
export const JSON_COMPRESSION_THRESHOLD_BYTES = 1024;

const EXTENSION_FOR: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

/** The encodings the request accepts (q > 0), from its Accept-Encoding header. */
function acceptedEncodings(req: Request): Set<string> {
  const accepted = new Set<string>();
  for (const part of String(req.headers['accept-encoding'] ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

/** The best encoding the browser accepts among those we have: brotli, then gzip, else none. */
export function preferredEncoding(req: Request, available: readonly ContentEncoding[] = ['br', 'gzip']): ContentEncoding | null {
  const accepted = acceptedEncodings(req);
  return available.find((encoding) => accepted.has(encoding) || accepted.has('*')) ?? null;
}

/**
 * Static files of the web build that `vite build` wrote `.br` and `.gz` copies of: the copy the
 * browser accepts is sent (same type, cache headers and `Vary: Accept-Encoding`); other requests
 * fall through to express.static.
 */
export function precompressedFiles(root: string, headers: (res: Response, path: string) => void): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = normalize(decodeURIComponent(req.path));
    } catch {
      return next();
    }
    const file = join(root, relative);
    if (!file.startsWith(root + sep) || !isFile(file)) return next();
    const available = (Object.keys(EXTENSION_FOR) as ContentEncoding[]).filter((encoding) => isFile(file + EXTENSION_FOR[encoding]));
    if (available.length === 0) return next();
    res.vary('Accept-Encoding');
    const encoding = preferredEncoding(req, available);
    if (!encoding) return next();
    headers(res, file);
    res.type(extname(file));
    res.setHeader('Content-Encoding', encoding);
    res.sendFile(file + EXTENSION_FOR[encoding], { lastModified: true, etag: true }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/** A page kept in memory with its compressed copies (the build's .br/.gz when present, else made once here). */
export interface CompressedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const brotli = (bytes: Buffer) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

export function loadCompressedPage(file: string): CompressedPage {
  const identity = readFileSync(file);
  const br = existsSync(`${file}.br`) ? readFileSync(`${file}.br`) : brotli(identity);
  const gzip = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : gzipSync(identity, { level: 9 });
  return { identity, br, gzip };
}

/** A page made at run time, compressed once. */
export function compressPage(identity: Buffer): CompressedPage {
  return { identity, br: brotli(identity), gzip: gzipSync(identity, { level: 9 }) };
}

/** Sends an in-memory page in the best encoding the browser accepts. */
export function sendCompressedPage(req: Request, res: Response, page: CompressedPage): void {
  res.vary('Accept-Encoding');
  res.type('html');
  const encoding = preferredEncoding(req);
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.send(encoding ? page[encoding] : page.identity);
}

/**
 * API answers: JSON above the threshold is compressed (brotli or gzip, as accepted). Nothing else is:
 * the notification stream must flush event by event, and bytes (a download, a ZIP) go as stored.
 */
export function compressApiJson(): RequestHandler {
  return compression({
    threshold: JSON_COMPRESSION_THRESHOLD_BYTES,
    filter: (_req, res) => /^application\/(problem\+)?json\b/.test(String(res.getHeader('Content-Type') ?? '')),
  });
}
