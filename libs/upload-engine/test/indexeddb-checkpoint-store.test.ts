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

  it('when parts are added to a checkpoint, then a reload reads them with it, a whole write takes their place, and delete removes them too', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(origin);
    type Store = { set(k: string, v: unknown): Promise<void>; addParts(k: string, p: unknown[]): Promise<void>; get(k: string): Promise<{ parts: { partNumber: number; etag: string }[] } | undefined>; delete(k: string): Promise<void> };
    const part = (partNumber: number, etag: string) => ({ partNumber, start: (partNumber - 1) * 2097152, end: partNumber * 2097152, etag });
    const base = { name: 'clip.mp4', fileSize: 60_000_000, savedAt: 1, fileId: 'f', uploadToken: 't', unit: 524288, parts: [part(1, 'e1')] };
    await page.evaluate(
      async ([cp, added, other]) => {
        const store = (globalThis as unknown as { store: Store }).store;
        await store.set('videos/clip.mp4', cp);
        // Another file whose path starts the same: its parts are its own.
        await store.set('videos/clip.mp4.bak', { ...(cp as object), parts: [] });
        await store.addParts('videos/clip.mp4.bak', [other]);
        await store.addParts('videos/clip.mp4', [...added]);
      },
      [base, [part(2, 'e2'), part(3, 'e3')], part(9, 'e9')] as const,
    );
    await page.evaluate(async (p) => (globalThis as unknown as { store: Store }).store.addParts('videos/clip.mp4', [p]), part(2, 'e2-again'));
    await page.reload();
    const get = (key: string) => page.evaluate((k) => (globalThis as unknown as { store: Store }).store.get(k), key);
    expect((await get('videos/clip.mp4'))?.parts.map((p) => `${p.partNumber}:${p.etag}`)).toEqual(['1:e1', '2:e2-again', '3:e3']);
    expect((await get('videos/clip.mp4.bak'))?.parts.map((p) => p.partNumber)).toEqual([9]);
    // Written whole (a resume dropped parts 2 and 3): the parts added before go with it.
    await page.evaluate(async (cp) => (globalThis as unknown as { store: Store }).store.set('videos/clip.mp4', cp), base);
    expect((await get('videos/clip.mp4'))?.parts.map((p) => p.partNumber)).toEqual([1]);
    await page.evaluate(async (p) => (globalThis as unknown as { store: Store }).store.addParts('videos/clip.mp4', [p]), part(4, 'e4'));
    await page.evaluate(() => (globalThis as unknown as { store: Store }).store.delete('videos/clip.mp4'));
    expect(await get('videos/clip.mp4')).toBeUndefined();
    await page.evaluate(async (cp) => (globalThis as unknown as { store: Store }).store.set('videos/clip.mp4', cp), base);
    expect((await get('videos/clip.mp4'))?.parts.map((p) => p.partNumber)).toEqual([1]);
    await context.close();
  });
});
