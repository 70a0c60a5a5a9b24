import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * `vite build` writes dist/, which the gateway serves in `npm start` and behind which a CDN can sit.
 * `npx nx serve web` is the development server: it proxies /api to a running `npm start`.
 */
export default defineConfig({
  plugins: [react()],
  server: { port: 4200, proxy: { '/api': process.env['FERRY_API'] ?? 'http://localhost:8080' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 900 },
});
