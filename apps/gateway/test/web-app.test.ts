import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInProcessBus } from '@ferry/bus';
import { createMemoryLogger } from '@ferry/bus/testing';
import { createLogger } from '@ferry/service-kit';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { ZGatewayConfig } from '../src/config';
import { createGatewayApp } from '../src/gateway.app';

/** A built web app as `vite build` lays it out: index.html and hashed assets. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Ferry</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('the gateway serving the web app (WEB_DIST_DIR)', () => {
  const config = ZGatewayConfig.parse({
    AUTH_JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    WEB_DIST_DIR: fakeBuild(),
    WEB_STORAGE_ORIGINS: 'http://localhost:8090, https://*.aliyuncs.com',
  });
  const gateway = createGatewayApp({ bus: createInProcessBus({ log: createMemoryLogger() }), log: createLogger({ service: 'gateway-test', level: 'silent' }), config });
  const app = gateway.app;
  afterAll(() => gateway.rateLimits.close());

  it.each(['/', '/pricing', '/w/AbC1234', '/d/AbC1234', '/downloads/AbC1234/tok_1', '/product/document-receipts', '/dash/transfers', '/support?article=terms'])('%s answers the app with 200', async (path) => {
    const res = await request(app).get(path).set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('any other path answers the same app (it shows the not-found page) with 404', async () => {
    const res = await request(app).get('/no-such-page').set('Accept', 'text/html');
    expect(res.status).toBe(404);
    expect(res.text).toContain('<div id="root"></div>');
  });

  it("the page's CSP admits its own scripts and the storage origins, nothing else", async () => {
    const csp = (await request(app).get('/').set('Accept', 'text/html')).headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self' http://localhost:8090 https://*.aliyuncs.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('hashed assets are cached for a year; a missing one is a plain 404, not the app', async () => {
    const asset = await request(app).get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('max-age=31536000');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await request(app).get('/assets/index-old999.js').set('Accept', 'text/html');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('id="root"');
  });

  it('the API keeps answering JSON, and unknown API paths stay JSON 404s', async () => {
    const res = await request(app).get('/api/v1/no-such-route').set('Accept', 'text/html,application/json');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});

describe('prerendered pages with the inline boot script', () => {
  const boot = "(function () { document.documentElement.dataset.booted = 'yes'; })();";
  const dist = fakeBuild();
  mkdirSync(join(dist, 'prerendered', 'en'), { recursive: true });
  writeFileSync(join(dist, 'prerendered', 'en', 'pricing.html'), `<!doctype html><head><script data-entry="/assets/index-abc123.js">${boot}</script></head><div id="root"><h1>Pricing</h1></div>`);
  const config = ZGatewayConfig.parse({ AUTH_JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long', WEB_DIST_DIR: dist });
  const gateway = createGatewayApp({ bus: createInProcessBus({ log: createMemoryLogger() }), log: createLogger({ service: 'gateway-test', level: 'silent' }), config });
  afterAll(() => gateway.rateLimits.close());

  it("the CSP admits that script by its hash, and no other inline script", async () => {
    const res = await request(gateway.app).get('/pricing').set('Accept', 'text/html');
    expect(res.text).toContain('<h1>Pricing</h1>');
    const scriptSrc = String(res.headers['content-security-policy']).split('; ').find((d) => d.startsWith('script-src'));
    const hash = `'sha256-${createHash('sha256').update(boot).digest('base64')}'`;
    expect(scriptSrc).toBe(`script-src 'self' ${hash}`);
    // Every page of the app carries the same policy (the app's own navigation never reloads a prerendered page's HTML).
    const other = await request(gateway.app).get('/dash/transfers').set('Accept', 'text/html');
    expect(other.headers['content-security-policy']).toContain(hash);
  });
});
