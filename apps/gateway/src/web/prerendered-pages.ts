import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Request } from 'express';
import { loadCompressedPage, type CompressedPage } from './compressed-responses';

export type PageLang = 'en' | 'zh';
export const PAGE_LANGS: readonly PageLang[] = ['en', 'zh'];
/** Set by the web app when a language is chosen or first shown. */
export const LANG_COOKIE = 'ferry_lang';
/** Download links get the download page's prerendered shell. */
const DOWNLOAD_PATHS = /^\/(d|downloads)\/[^/]+/;
const DOWNLOAD_SHELL = '/d/0000000';

/** The `ferry_lang` cookie, else the first of Accept-Language that is Chinese or English, else English. */
export function pageLang(req: Request): PageLang {
  const cookie = /(?:^|;\s*)ferry_lang=(en|zh)\b/.exec(String(req.headers.cookie ?? ''))?.[1];
  if (cookie === 'en' || cookie === 'zh') return cookie;
  const ranked = String(req.headers['accept-language'] ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith('q='))?.slice(2) ?? '1');
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0 && (entry.tag.startsWith('zh') || entry.tag.startsWith('en')))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.tag.startsWith('zh') ? 'zh' : 'en';
}

function htmlFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFilesUnder(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** The build's prerendered pages (`prerendered/<lang>/<path>.html`), kept in memory with their compressed copies. */
export interface PrerenderedPages {
  /** The page for this request's path in the visitor's language, or null (the app's index.html then). */
  find(req: Request): CompressedPage | null;
  /** CSP sources (`'sha256-…'`) of the inline scripts the pages carry (the boot script that loads the app after the first paint). */
  inlineScriptHashes: string[];
}

/** The `'sha256-…'` source of each inline `<script>` of a page, as Content-Security-Policy hashes it. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '', body = '']) => !/\bsrc\s*=/i.test(attributes) && body.length > 0)
    .map(([, , body = '']) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
}

export function loadPrerenderedPages(distDir: string): PrerenderedPages {
  const pages = new Map<string, CompressedPage>();
  const hashes = new Set<string>();
  for (const lang of PAGE_LANGS) {
    const dir = join(distDir, 'prerendered', lang);
    for (const file of htmlFilesUnder(dir)) {
      const path = `/${relative(dir, file).replace(/\.html$/, '')}`.replace(/^\/index$/, '/');
      const page = loadCompressedPage(file);
      pages.set(`${lang}:${path}`, page);
      for (const hash of inlineScriptHashes(page.identity.toString('utf8'))) hashes.add(hash);
    }
  }
  return {
    inlineScriptHashes: [...hashes],
    find(req) {
      if (pages.size === 0) return null;
      const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
      const key = DOWNLOAD_PATHS.test(path) ? DOWNLOAD_SHELL : path;
      return pages.get(`${pageLang(req)}:${key}`) ?? null;
    },
  };
}
