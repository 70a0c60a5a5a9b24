import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isWebRoute } from '@ferry/contracts';
import express, { type Express, type Request, type Response } from 'express';
import { compressPage, loadCompressedPage, precompressedFiles, sendCompressedPage, type CompressedPage } from './compressed-responses';
import { FERRY_HOME_LOCAL } from './custom-hosts';
import { loadPrerenderedPages } from './prerendered-pages';

export interface WebAppOptions {
  /** The web app's build (`apps/web/dist`). */
  distDir: string;
  /** Origins the browser talks to besides this one: the storage endpoints of every region. */
  connectOrigins: string[];
  /** Stripe Elements in the page (BILLING_PROVIDER=stripe): Stripe.js, its frames and its API are admitted. */
  withStripe?: boolean;
}

/** The origins Stripe.js needs (docs.stripe.com/security/guide#content-security-policy). */
export const STRIPE_CSP = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** The web app's policy: its own scripts only; bytes go to and come from the storage origins. */
export function webContentSecurityPolicy(connectOrigins: string[], options: { withStripe?: boolean; inlineScriptHashes?: string[] } = {}): string {
  const extra = connectOrigins.join(' ');
  const stripe = (origins: string[]) => (options.withStripe ? ` ${origins.join(' ')}` : '');
  // Inline scripts only by the hash of the ones the build wrote (the prerendered pages' boot script).
  const hashes = (options.inlineScriptHashes ?? []).map((hash) => ` ${hash}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${hashes}${stripe(STRIPE_CSP.script)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${extra}${stripe(STRIPE_CSP.img)}`.replace(/ +/g, ' ').trim(),
    `media-src 'self' blob: ${extra}`.trim(),
    `connect-src 'self' ${extra}${stripe(STRIPE_CSP.connect)}`.replace(/ +/g, ' ').trim(),
    ...(options.withStripe ? [`frame-src ${STRIPE_CSP.frame.join(' ')}`] : []),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const homeVariants = new WeakMap<CompressedPage, Map<string, CompressedPage>>();

/** The page with `<meta name="ferry-home" content="{origin}">`, for a company's download host: made once per page. */
export function withFerryHome(page: CompressedPage, home: string): CompressedPage {
  const variants = homeVariants.get(page) ?? new Map<string, CompressedPage>();
  homeVariants.set(page, variants);
  let variant = variants.get(home);
  if (!variant) {
    const html = page.identity.toString('utf8').replace(/<head>/i, `<head><meta name="ferry-home" content="${escapeAttribute(home)}">`);
    variant = compressPage(Buffer.from(html, 'utf8'));
    variants.set(home, variant);
  }
  return variant;
}

/**
 * Serves the built web app: hashed assets with a year's cache (brotli or gzip copies as accepted),
 * the prerendered HTML of the public pages in the visitor's language, and index.html (never cached) for
 * every other page path, with status 200 for the app's routes and 404 for any other path, so a crawler
 * sees the not-found page as a 404 (the page itself also says `noindex`).
 */
export function serveWebApp(app: Express, options: WebAppOptions): void {
  const distDir = resolve(options.distDir);
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`WEB_DIST_DIR has no index.html: ${distDir} (run \`npx nx build web\`)`);
  const indexHtml = loadCompressedPage(indexFile);
  const prerendered = loadPrerenderedPages(distDir);
  const csp = webContentSecurityPolicy(options.connectOrigins, { withStripe: options.withStripe ?? false, inlineScriptHashes: prerendered.inlineScriptHashes });
  const assetsDir = join(distDir, 'assets');
  const yearCache = (res: Response) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  // The build's .br/.gz copy when the browser takes one; the file itself otherwise.
  app.use('/assets', precompressedFiles(assetsDir, yearCache));
  app.use('/assets', express.static(assetsDir, { immutable: true, maxAge: '365d', index: false }));
  // An asset of an older build (a tab open across a deploy) is a plain 404, never the app's HTML.
  app.use('/assets', (_req: Request, res: Response) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use(precompressedFiles(distDir, (res) => res.setHeader('Cache-Control', 'public, max-age=3600')));
  app.use(express.static(distDir, { index: false, maxAge: '1h' }));
  app.get(/.*/, (req: Request, res: Response, next) => {
    if (req.path.startsWith('/api/')) return next();
    if (!req.accepts('html')) return next();
    res.status(isWebRoute(req.path) ? 200 : 404);
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('Cache-Control', 'no-cache');
    // A public page prerendered in the visitor's language (cookie, else Accept-Language) paints before its JavaScript runs.
    const page = isWebRoute(req.path) ? prerendered.find(req) : null;
    if (page) res.vary('Cookie').vary('Accept-Language');
    const home = res.locals[FERRY_HOME_LOCAL] as string | undefined;
    sendCompressedPage(req, res, home ? withFerryHome(page ?? indexHtml, home) : (page ?? indexHtml));
  });
}
