import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

interface ServerEntry {
  renderPage(path: string, lang: 'en' | 'zh'): Promise<string>;
}
interface Page {
  path: string;
  module: string;
  namespaces: readonly string[];
}
interface PageList {
  PRERENDERED_PAGES: readonly Page[];
  DOWNLOAD_SHELL: Page;
  prerenderedFile(lang: string, path: string): string;
}
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/**
 * What the page needs before it can show as rendered: the CSS of its lazy chunk and of everything
 * that chunk imports (else it would paint unstyled until the JavaScript ran), and the chunk itself
 * and its locale files, preloaded.
 */
export function pageHead(manifest: Manifest, page: Page, lang: string): string {
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  visit(page.module);
  const entryFiles = new Set<string>();
  const visitEntry = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || entryFiles.has(chunk.file)) return;
    entryFiles.add(chunk.file);
    chunk.imports?.forEach(visitEntry);
  };
  visitEntry('index.html');
  for (const ns of page.namespaces) {
    const locale = manifest[`src/locales/${lang}/${ns}.json`];
    if (locale) js.add(locale.file);
  }
  const entryCss = new Set(manifest['index.html']?.css ?? []);
  return [
    ...[...css].filter((file) => !entryCss.has(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...js].filter((file) => !entryFiles.has(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
}

const LANGS = [
  { lang: 'en', html: 'en' },
  { lang: 'zh', html: 'zh-CN' },
] as const;

/** Storage that Node lacks: the app's first render reads it (no session, nothing pending). */
function withBrowserStandIns(): void {
  const store = new Map<string, string>();
  const storage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
    clear: () => store.clear(),
  };
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
  Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true });
}

/** The built index.html with a page's markup in #root, its language on <html>. */
export function pageHtml(template: string, markup: string, head: string, lang: { lang: string; html: string }): string {
  return template
    .replace('</head>', `  ${head}\n  </head>`)
    .replace(/<html lang="[^"]*"/, `<html lang="${lang.html}" data-prerendered="${lang.lang}"`)
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
}

/**
 * The page's module script and preloads, asked for only once the page has painted (public/boot.js):
 * the prerendered HTML and its CSS then have the link to themselves until the first paint. Measured
 * with Lighthouse's mobile preset (slow 4G): the home page's ~270 KiB of modules requested with the
 * CSS put its first paint at ~3 s; deferred, 0.9 s (largest paint 3.0 -> 1.2 s). Not for the download
 * page's shell, whose largest paint waits for the scripts' API call anyway.
 */
export function scriptsAfterFirstPaint(html: string, bootSource: string): string {
  if (/<\/script/i.test(bootSource)) throw new Error('prerender: boot.js cannot be written inline');
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('prerender: the page has no module script to defer');
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  let out = html.replace(entry[0], '');
  for (const preload of preloads) out = out.replace(preload[0], '');
  // Inline, not `src="/boot.js"`: Lighthouse's simulation ties a script's task to its download, so the
  // first layout, which ran in the task of the deferred boot.js, counted as ~240 ms of blocking time on
  // a slow 4G link. The gateway admits inline scripts by their hash (web-app.ts).
  const tag = `<script data-entry="${entry[1]}" data-preload="${preloads.map((p) => p[1]).join(' ')}">${bootSource}</script>`;
  return out.replace('</head>', `  ${tag}\n  </head>`);
}

/**
 * Vite plugin: after the client build, renders the public pages (and the download page's shell) in
 * English and Chinese with a server build of the app and writes them under `prerendered/`.
 */
export function prerenderPages(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'ferry-prerender',
    apply: (config) => config.build?.ssr === undefined || config.build.ssr === false,
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        // A failed bundle (e.g. over the first-load budget) has no HTML to render: its own error shows.
        if (!existsSync(join(outDir, 'index.html'))) return;
        // Inside the app's folder, so that Node resolves its packages from the workspace.
        const serverDir = join(root, `.prerender-${process.pid}`);
        try {
          await build({
            configFile: false,
            root,
            // The server build imports every locale (createI18n): its chunking warnings say nothing about the client's.
            logLevel: 'error',
            plugins: [react()],
            ssr: { noExternal: [/^@ferry\//, 'flag-icons'] },
            build: {
              ssr: true,
              outDir: serverDir,
              emptyOutDir: true,
              rollupOptions: { input: { entry: join(root, 'src/prerender/entry-server.tsx'), pages: join(root, 'src/prerender/prerender-pages.ts') }, output: { format: 'es' } },
            },
          });
          withBrowserStandIns();
          const entry = (await import(pathToFileURL(join(serverDir, 'entry.js')).href)) as ServerEntry;
          const pages = (await import(pathToFileURL(join(serverDir, 'pages.js')).href)) as PageList;
          const template = readFileSync(join(outDir, 'index.html'), 'utf8');
          // Its comments stay in public/boot.js; the pages carry the code.
          const bootSource = readFileSync(join(outDir, 'boot.js'), 'utf8')
            .split('\n')
            .filter((line) => !line.trim().startsWith('//'))
            .join('\n');
          const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
          let count = 0;
          for (const lang of LANGS) {
            for (const page of [...pages.PRERENDERED_PAGES, pages.DOWNLOAD_SHELL]) {
              const file = join(outDir, pages.prerenderedFile(lang.lang, page.path));
              mkdirSync(dirname(file), { recursive: true });
              const html = pageHtml(template, await entry.renderPage(page.path, lang.lang), pageHead(manifest, page, lang.lang), lang);
              // The download page's content comes from its API call, which its scripts make: they start at once there.
              writeFileSync(file, page === pages.DOWNLOAD_SHELL ? html : scriptsAfterFirstPaint(html, bootSource));
              count++;
            }
          }
          this.info(`prerendered ${count} pages`);
        } finally {
          rmSync(serverDir, { recursive: true, force: true });
        }
      },
    },
  };
}
