import { get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createInProcessBus } from '@ferry/bus';
import { createMemoryLogger } from '@ferry/bus/testing';
import { createLogger } from '@ferry/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZGatewayConfig } from '../src/config';
import { createGatewayApp } from '../src/gateway.app';

const SCRIPT = `console.log(${JSON.stringify('ferry '.repeat(2000))});`;
const PAGE = `<!doctype html><title>Ferry</title><div id="root">${'<p>hello</p>'.repeat(300)}</div>`;
/** Bytes as a download stores them: text that would compress well, so a recompression would show. */
const DOWNLOAD = Buffer.from(JSON.stringify({ rows: Array.from({ length: 2000 }, (_, i) => ({ i, name: 'same text again' })) }));

/** A build as `vite build` (with the compress plugin) lays it out: each text asset with its .br and .gz. */
function compressedBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  const write = (path: string, text: string) => {
    writeFileSync(join(dir, path), text);
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(text));
  };
  write('index.html', PAGE);
  write('assets/index-abc123.js', SCRIPT);
  writeFileSync(join(dir, 'assets', 'small-1.js'), 'export {}');
  return dir;
}

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET without any decoding on the client's side: the bytes the browser would receive. */
function get(server: Server, path: string, headers: Record<string, string>): Promise<RawResponse> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    httpGet({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('compressed responses', () => {
  const config = ZGatewayConfig.parse({ AUTH_JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long', WEB_DIST_DIR: compressedBuild() });
  const gateway = createGatewayApp({
    bus: createInProcessBus({ log: createMemoryLogger() }),
    log: createLogger({ service: 'gateway-test', level: 'silent' }),
    config,
    extend: (app) => {
      // Bytes of a stored file passing through the gateway's app, as a download answers them.
      app.get('/api/v1/test-download', (_req, res) => {
        res.setHeader('Content-Type', 'application/octet-stream');
        res.setHeader('Content-Disposition', 'attachment; filename="rows.json"');
        res.send(DOWNLOAD);
      });
      app.get('/api/v1/test-json', (req, res) => {
        res.json({ items: Array.from({ length: Number(req.query['n']) }, (_, i) => ({ i, label: 'a row of the list' })) });
      });
    },
  });
  let server: Server;
  beforeAll(async () => {
    server = await new Promise<Server>((resolve) => {
      const listening = gateway.app.listen(0, '127.0.0.1', () => resolve(listening));
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await gateway.rateLimits.close();
  });

  it.each([
    ['br', 'br', (b: Buffer) => brotliDecompressSync(b)],
    ['gzip, deflate', 'gzip', (b: Buffer) => gunzipSync(b)],
    ['gzip, deflate, br', 'br', (b: Buffer) => brotliDecompressSync(b)],
  ] as const)('an asset asked for with Accept-Encoding "%s" comes as %s, cached a year, varying on Accept-Encoding', async (accept, encoding, decode) => {
    const res = await get(server, '/assets/index-abc123.js', { 'Accept-Encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['vary']).toContain('Accept-Encoding');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(decode(res.body).toString()).toBe(SCRIPT);
  });

  it('a browser that accepts no encoding gets the plain file; a file without copies is sent as it is', async () => {
    const plain = await get(server, '/assets/index-abc123.js', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toContain('Accept-Encoding');
    expect(plain.body.toString()).toBe(SCRIPT);
    const small = await get(server, '/assets/small-1.js', { 'Accept-Encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('export {}');
  });

  it('the app page comes as br or gzip too', async () => {
    const br = await get(server, '/pricing', { Accept: 'text/html', 'Accept-Encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);
    const gz = await get(server, '/pricing', { Accept: 'text/html', 'Accept-Encoding': 'gzip' });
    expect(gunzipSync(gz.body).toString()).toBe(PAGE);
  });

  it('API JSON above 1 KB is compressed as accepted; a small answer is not', async () => {
    const big = await get(server, '/api/v1/test-json?n=100', { 'Accept-Encoding': 'br, gzip' });
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['vary']).toContain('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(big.body).toString()).items).toHaveLength(100);
    const gz = await get(server, '/api/v1/test-json?n=100', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString()).items).toHaveLength(100);
    const small = await get(server, '/api/v1/test-json?n=1', { 'Accept-Encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    const error = await get(server, '/api/v1/no-such-route', { 'Accept-Encoding': 'br' });
    expect(JSON.parse(error.body.toString()).error.code).toBe('NOT_FOUND');
  });

  it("a download's bytes are sent as stored, never recompressed", async () => {
    const res = await get(server, '/api/v1/test-download', { 'Accept-Encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(DOWNLOAD.length));
    expect(res.body.equals(DOWNLOAD)).toBe(true);
  });
});

describe('prerendered pages in the visitor language', () => {
  const dir = compressedBuild();
  for (const lang of ['en', 'zh']) {
    mkdirSync(join(dir, 'prerendered', lang, 'd'), { recursive: true });
    writeFileSync(join(dir, 'prerendered', lang, 'index.html'), `<html lang="${lang}" data-prerendered="${lang}"><div id="root">home ${lang}</div>`);
    writeFileSync(join(dir, 'prerendered', lang, 'pricing.html'), `<html data-prerendered="${lang}"><div id="root">pricing ${lang}</div>`);
    writeFileSync(join(dir, 'prerendered', lang, 'd', '0000000.html'), `<html data-prerendered="${lang}"><div id="root">download shell ${lang}</div>`);
  }
  const config = ZGatewayConfig.parse({ AUTH_JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long', WEB_DIST_DIR: dir });
  const gateway = createGatewayApp({ bus: createInProcessBus({ log: createMemoryLogger() }), log: createLogger({ service: 'gateway-test', level: 'silent' }), config });
  let server: Server;
  beforeAll(async () => {
    server = await new Promise<Server>((resolve) => {
      const listening = gateway.app.listen(0, '127.0.0.1', () => resolve(listening));
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await gateway.rateLimits.close();
  });
  const page = async (path: string, headers: Record<string, string>) => {
    const res = await get(server, path, { Accept: 'text/html', ...headers });
    return { text: res.body.toString(), vary: String(res.headers['vary']), status: res.status };
  };

  it.each([
    ['/', {}, 'home en'],
    ['/', { 'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.8' }, 'home zh'],
    ['/pricing/', { 'Accept-Language': 'fr-FR,en;q=0.5,zh;q=0.4' }, 'pricing en'],
    ['/pricing?plan=free', { 'Accept-Language': 'zh-TW' }, 'pricing zh'],
    ['/pricing', { 'Accept-Language': 'zh-CN', Cookie: 'other=1; ferry_lang=en' }, 'pricing en'],
    ['/', { 'Accept-Language': 'en-US', Cookie: 'ferry_lang=zh' }, 'home zh'],
    ['/d/AbC1234', { Cookie: 'ferry_lang=zh' }, 'download shell zh'],
    ['/downloads/AbC1234/tok_1', {}, 'download shell en'],
  ])('%s with %j answers "%s"', async (path, headers, text) => {
    const res = await page(path, headers);
    expect(res.status).toBe(200);
    expect(res.text).toContain(text);
    expect(res.vary).toContain('Cookie');
    expect(res.vary).toContain('Accept-Language');
  });

  it('a page not prerendered gets the app page; a path that is not a page still answers 404', async () => {
    expect((await page('/login', { Cookie: 'ferry_lang=zh' })).text).toBe(PAGE);
    const missing = await page('/no-such-page', {});
    expect(missing.status).toBe(404);
    expect(missing.text).toBe(PAGE);
  });
});
