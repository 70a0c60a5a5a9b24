import { AppError } from '@ferry/contracts';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createHttpApp, finishHttpApp, type HttpAppOptions } from './http-app';
import { captureLog } from './testing/capture-log';

const SECRET = 'db password is hunter2';

function buildApp(overrides: Partial<HttpAppOptions> = {}) {
  const captured = captureLog();
  const app = createHttpApp({ log: captured.log, service: 'test', ...overrides });
  app.get('/ok', (_req, res) => {
    res.json({ requestId: res.locals.requestId });
  });
  app.post('/echo', (req, res) => {
    res.json({ received: req.body as unknown });
  });
  app.get('/transfers/:slug', (req) => {
    throw new AppError('NOT_FOUND', { message: `No transfer ${req.params.slug}` });
  });
  app.post('/validated', (req, res) => {
    const body = z.object({ email: z.string().email() }).parse(req.body);
    res.json(body);
  });
  app.get('/boom', () => {
    throw new Error(SECRET);
  });
  app.get('/boom-async', async () => {
    await Promise.resolve();
    throw new TypeError(SECRET);
  });
  app.get('/internal-app-error', () => {
    throw new AppError('INTERNAL', { message: SECRET });
  });
  app.get('/logs', (_req, res) => {
    res.locals.log.info({ marker: 'handler' }, 'inside handler');
    res.json({});
  });
  finishHttpApp(app, { log: captured.log });
  return { app, ...captured };
}

describe('createHttpApp: request id', () => {
  it('when the caller sends a sane X-Request-Id, then the same id comes back and reaches res.locals', async () => {
    const { app } = buildApp();
    const res = await request(app).get('/ok').set('X-Request-Id', 'abc.DEF_123-x');
    expect(res.headers['x-request-id']).toBe('abc.DEF_123-x');
    expect(res.body).toEqual({ requestId: 'abc.DEF_123-x' });
  });

  it('when the incoming id has unsafe characters, then a new uuid replaces it', async () => {
    const { app } = buildApp();
    const res = await request(app).get('/ok').set('X-Request-Id', 'evil id<script>');
    expect(res.headers['x-request-id']).not.toBe('evil id<script>');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when the incoming id is longer than 128 characters, then a new uuid replaces it', async () => {
    const { app } = buildApp();
    const res = await request(app).get('/ok').set('X-Request-Id', 'a'.repeat(129));
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when no id is sent, then a uuid is generated and echoed', async () => {
    const { app } = buildApp();
    const res = await request(app).get('/ok');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(res.body.requestId).toBe(res.headers['x-request-id']);
  });
});

describe('createHttpApp: security headers', () => {
  it('when any response is sent, then helmet headers are present and x-powered-by is absent', async () => {
    const { app } = buildApp();
    const res = await request(app).get('/ok');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('when the API answers, then the CSP forbids loading and framing anything', async () => {
    const { app } = buildApp();
    const res = await request(app).get('/ok');
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it('when helmet options are passed, then they replace the strict CSP', async () => {
    const { app } = buildApp({
      helmet: { contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } } },
    });
    const res = await request(app).get('/ok');
    expect(res.headers['content-security-policy']).toBe("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('finishHttpApp: error bodies', () => {
  it('when no route matches, then 404 NOT_FOUND with the request id', async () => {
    const { app } = buildApp();
    const res = await request(app).get('/nowhere').set('X-Request-Id', 'req-404');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for GET /nowhere', requestId: 'req-404' },
    });
  });

  it('when a handler throws an AppError, then its status, code and message are sent', async () => {
    const { app } = buildApp();
    const res = await request(app).get('/transfers/abc1234').set('X-Request-Id', 'req-1');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'No transfer abc1234', requestId: 'req-1' } });
  });

  it('when zod rejects the body, then 400 VALIDATION_FAILED names the field', async () => {
    const { app } = buildApp();
    const res = await request(app).post('/validated').send({ email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.message).toMatch(/^email: /);
    expect(res.body.error.details).toEqual({ field: 'email', where: 'body' });
  });

  it.each(['/boom', '/boom-async', '/internal-app-error'])(
    'when %s fails unexpectedly, then 500 INTERNAL hides the message and stack but the log has them',
    async (path) => {
      const { app, text } = buildApp();
      const res = await request(app).get(path).set('X-Request-Id', 'req-500');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong', requestId: 'req-500' } });
      expect(res.text).not.toContain('hunter2');
      expect(res.text).not.toContain('.ts:');
      expect(res.text).not.toMatch(/\bat\s/);
      expect(text()).toContain('hunter2');
      expect(text()).toContain('http-app.test.ts');
    },
  );

  it('when the JSON body is malformed, then 400 MALFORMED_JSON', async () => {
    const { app } = buildApp();
    const res = await request(app).post('/echo').set('Content-Type', 'application/json').send('{"a": ');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'MALFORMED_JSON', details: { field: 'body' } });
    expect(res.text).not.toContain('Unexpected');
  });

  it('when the JSON body is a bare value, then strict parsing rejects it as MALFORMED_JSON', async () => {
    const { app } = buildApp();
    const res = await request(app).post('/echo').set('Content-Type', 'application/json').send('"text"');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('MALFORMED_JSON');
  });

  it('when the body is over the default 64 KiB, then 400 BODY_TOO_LARGE names the limit', async () => {
    const { app } = buildApp();
    const res = await request(app).post('/echo').send({ blob: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'BODY_TOO_LARGE', details: { field: 'body' } });
    expect(res.body.error.message).toContain('64 KiB');
  });

  it('when a custom limit is set, then a body just under it passes and one over it fails', async () => {
    const { app } = buildApp({ bodyLimitBytes: 1024 });
    const small = await request(app).post('/echo').send({ blob: 'x'.repeat(900) });
    expect(small.status).toBe(200);
    const big = await request(app).post('/echo').send({ blob: 'x'.repeat(1100) });
    expect(big.status).toBe(400);
    expect(big.body.error.message).toContain('1 KiB');
  });
});

describe('createHttpApp: logging', () => {
  it('when a request ends, then one line has method, path, status and ms but no body, query or cookie', async () => {
    const { app, lines, text } = buildApp();
    await request(app)
      .post('/echo?token=querysecret')
      .set('Cookie', 'refresh=cookiesecret')
      .set('X-Request-Id', 'req-log')
      .send({ password: 'bodysecret' });
    await vi.waitFor(() => expect(lines.filter((line) => line.msg === 'request')).toHaveLength(1));
    const line = lines.find((entry) => entry.msg === 'request');
    expect(line).toMatchObject({ method: 'POST', path: '/echo', status: 200, requestId: 'req-log' });
    expect(typeof line?.ms).toBe('number');
    expect(text()).not.toContain('bodysecret');
    expect(text()).not.toContain('cookiesecret');
    expect(text()).not.toContain('querysecret');
  });

  it('when a handler logs through res.locals.log, then the line carries the request id', async () => {
    const { app, lines } = buildApp();
    await request(app).get('/logs').set('X-Request-Id', 'req-child');
    expect(lines.find((line) => line.marker === 'handler')).toMatchObject({ requestId: 'req-child' });
  });

  it('when a request fails with a known code, then the request line names the code', async () => {
    const { app, lines } = buildApp();
    await request(app).get('/transfers/x');
    await vi.waitFor(() => expect(lines.find((line) => line.msg === 'request')).toMatchObject({ status: 404, errorCode: 'NOT_FOUND' }));
  });
});
