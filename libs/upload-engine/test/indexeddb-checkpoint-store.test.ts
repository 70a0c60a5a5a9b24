import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The browser's checkpoint store, exercised in Debian's Chromium against a real IndexedDB. */
describe('checkpoints in IndexedDB', () => {
  let browser: Browser;
  let server: Server;
  let origin = '';

  beforeAll(async () => {
    const bundle = await build({
      stdin: {
        contents: "import { createIndexedDbCheckpointStore } from './src/indexeddb-checkpoint-store'; (window as any).store = createIndexedDbCheckpointStore();",
        resolveDir: new URL('..', import.meta.url).pathname,
        loader: 'ts',
      },
      bundle: true,
      write: false,
      format: 'iife',
    });
    const script = bundle.outputFiles[0]!.text;
    server = createServer((req, res) => {
      if (req.url === '/engine.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><script src="/engine.js"></script>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('when a checkpoint is saved, then it is there after a reload, and gone once deleted', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(origin);
    const checkpoint = { name: 'clip.mp4', fileSize: 60_000_000, savedAt: 1, fileId: 'f', uploadToken: 't', unit: 524288, parts: [{ partNumber: 1, start: 0, end: 2097152, etag: 'e1' }] };
    await page.evaluate((cp) => (globalThis as unknown as { store: { set(k: string, v: unknown): Promise<void> } }).store.set('videos/clip.mp4', cp), checkpoint);
    await page.reload();
    const read = await page.evaluate(() => (globalThis as unknown as { store: { get(k: string): Promise<unknown> } }).store.get('videos/clip.mp4'));
    expect(read).toEqual(checkpoint);
    await page.evaluate(() => (globalThis as unknown as { store: { delete(k: string): Promise<void> } }).store.delete('videos/clip.mp4'));
    expect(await page.evaluate(() => (globalThis as unknown as { store: { get(k: string): Promise<unknown> } }).store.get('videos/clip.mp4'))).toBeUndefined();
    await context.close();
  });
});
