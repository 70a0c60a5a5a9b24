import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isWebRoute } from '@ferry/contracts';
import express, { type Express, type Request, type Response } from 'express';

export interface WebAppOptions {
  /** The web app's build (`apps/web/dist`). */
  distDir: string;
  /** Origins the browser talks to besides this one: the storage endpoints of every region. */
  connectOrigins: string[];
}

/** The web app's policy: its own scripts only; bytes go to and come from the storage origins. */
export function webContentSecurityPolicy(connectOrigins: string[]): string {
  const extra = connectOrigins.join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${extra}`.trim(),
    `media-src 'self' blob: ${extra}`.trim(),
    `connect-src 'self' ${extra}`.trim(),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Serves the built web app: hashed assets with a year's cache, and index.html (never cached) for
 * every page path, with status 200 for the app's routes and 404 for any other path, so a crawler
 * sees the not-found page as a 404 (the page itself also says `noindex`).
 */
export function serveWebApp(app: Express, options: WebAppOptions): void {
  const distDir = resolve(options.distDir);
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`WEB_DIST_DIR has no index.html: ${distDir} (run \`npx nx build web\`)`);
  const indexHtml = readFileSync(indexFile, 'utf8');
  const csp = webContentSecurityPolicy(options.connectOrigins);
  app.use('/assets', express.static(join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false }));
  // An asset of an older build (a tab open across a deploy) is a plain 404, never the app's HTML.
  app.use('/assets', (_req: Request, res: Response) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use(express.static(distDir, { index: false, maxAge: '1h' }));
  app.get(/.*/, (req: Request, res: Response, next) => {
    if (req.path.startsWith('/api/')) return next();
    if (!req.accepts('html')) return next();
    res.status(isWebRoute(req.path) ? 200 : 404);
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(indexHtml);
  });
}
