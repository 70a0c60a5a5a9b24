import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from './build/compress-assets.ts';
import { firstLoadBudget } from './build/first-load-budget.ts';
import { prerenderPages } from './build/prerender.ts';
import { routesWithoutSchemas } from './build/routes-without-schemas.ts';

/**
 * The home page's JavaScript before it shows (entry, its imports, the page and its locale files), gzip.
 * 2026-11-26: 246 KiB (react-dom, react-router, redux toolkit, zod and the contracts, quick send); 2026-11-28: 241 KiB
 * (routes without their schemas); 2026-11-29: 180 KiB (quick send, the signed-in header, the feedback tab and zod
 * loaded when used; budget 250 -> 200 KiB). Raise only with a reason.
 */
const HOME_FIRST_LOAD_BUDGET = firstLoadBudget({
  page: 'features/marketing/HomePage.tsx',
  alsoLoads: ['locales/en/marketing.json'],
  maxGzipBytes: 200 * 1024,
  // Quick send loads when its panel opens (the page shows an illustration there until then), the
  // signed-in header once someone is signed in, the feedback tab when it appears, zod with the first
  // form or refresh that parses.
  keepsOut: [
    'features/quick-send/QuickSendPanel.tsx',
    'features/quick-send/upload-engine.ts',
    'features/auth/SignupModal.tsx',
    'layout/HeaderSignedIn.tsx',
    'features/notifications/',
    'features/feedback/FeedbackWidget.tsx',
    'node_modules/zod/',
  ],
});

/**
 * `vite build` writes dist/, which the gateway serves in `npm start` and behind which a CDN can sit.
 * `npx nx serve web` is the development server: it proxies /api to a running `npm start`.
 */
export default defineConfig({
  // Prerendering writes HTML that compressing then takes along: keep this order.
  plugins: [react(), routesWithoutSchemas(), HOME_FIRST_LOAD_BUDGET, prerenderPages(), compressAssets()],
  server: { port: 4200, proxy: { '/api': process.env['FERRY_API'] ?? 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Prerendering links each page's CSS and chunks from it.
    manifest: true,
    chunkSizeWarningLimit: 900,
    // zod's builders make schemas and nothing else: a schema nobody uses is left out (routes-without-schemas.ts).
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
    // Flags stay files (fetched when shown), never data URIs inside the bundle.
    assetsInlineLimit: (filePath: string) => (filePath.includes('flag-icons') ? false : undefined),
  },
});
