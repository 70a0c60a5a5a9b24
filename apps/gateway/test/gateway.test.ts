import { randomUUID } from 'node:crypto';
import { createInProcessBus, type Bus } from '@ferry/bus';
import { createMemoryLogger, handle } from '@ferry/bus/testing';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, AppError, FILE_LIST_BODY_LIMIT_BYTES, IDENTITY_RPC, STORAGE_RPC, type TIssuedSession, type TUser } from '@ferry/contracts';
import { createLogger, DEFAULT_BODY_LIMIT_BYTES } from '@ferry/service-kit';
import { SignJWT } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZGatewayConfig } from '../src/config';
import { createGatewayApp } from '../src/gateway.app';

const SECRET = 'test-secret-that-is-at-least-32-characters-long';
const user: TUser = {
  id: 'u1', email: 'ada@example.com', fullName: 'Ada', greetingName: null, company: null, profilePic: null,
  region: 'oss-cn-hongkong', role: 'PRM', plan: 'PRM', status: 'unpaid', lang: 'en', loginCount: 1, isTeamMember: false,
  parentAdmin: null, createdAt: new Date().toISOString(),
};
const session = (refreshToken: string): TIssuedSession => ({
  accessToken: 'a.b.c', accessTokenExpiresAt: new Date(Date.now() + 900_000).toISOString(),
  refreshToken, refreshTokenExpiresAt: new Date(Date.now() + 86_400_000).toISOString(), user,
});

async function accessToken(claims: Record<string, unknown>, secret = SECRET): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('u1').setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE).setExpirationTime('5m').sign(new TextEncoder().encode(secret));
}

/** A stand-in identity on the bus: the gateway's job here is HTTP, not accounts. */
async function serveStandInIdentity(bus: Bus, seen: unknown[]): Promise<void> {
  await bus.serve('identity', [
    handle(IDENTITY_RPC.login, async (req) => {
      seen.push(req);
      if (req.password !== 'right-password') throw new AppError('AUTH_FAILED', { message: 'Auth Failed' });
      return session('rt-1');
    }),
    handle(IDENTITY_RPC.refresh, async (req) => {
      seen.push(req);
      if (req.refreshToken !== 'rt-1') throw new AppError('REFRESH_INVALID', { message: 'Session ended' });
      return session('rt-2');
    }),
    handle(IDENTITY_RPC.getMe, async (req) => ({ ...user, id: req.userId })),
    handle(IDENTITY_RPC.requestPasswordReset, async () => {
      throw new Error('database password is hunter2');
    }),
    handle(IDENTITY_RPC.logout, async (req) => {
      seen.push(req);
      return {};
    }),
  ]);
}

const openedLimits: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(openedLimits.map((limits) => limits.close()));
});

function makeGateway(bus: Bus, env: Record<string, string> = {}) {
  const config = ZGatewayConfig.parse({ AUTH_JWT_SECRET: SECRET, ...env });
  const gateway = createGatewayApp({ bus, log: createLogger({ service: 'gateway-test', level: 'silent' }), config });
  openedLimits.push(gateway.rateLimits);
  return gateway;
}

function makeApp(bus: Bus, env: Record<string, string> = {}) {
  return makeGateway(bus, env).app;
}

describe('gateway', () => {
  const bus = createInProcessBus({ log: createMemoryLogger() });
  const seen: unknown[] = [];
  let app: ReturnType<typeof makeApp>;

  beforeAll(async () => {
    await serveStandInIdentity(bus, seen);
    app = makeApp(bus);
  });

  it('when login succeeds, then the access token is in the body and the refresh token only in an HttpOnly cookie', async () => {
    const res = await request(app).post('/api/v1/auth/login').send({ email: ' Ada@Example.com ', password: 'right-password' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: 'a.b.c', user: expect.objectContaining({ email: 'ada@example.com' }) });
    expect(JSON.stringify(res.body)).not.toContain('rt-1');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/ferry_rt=rt-1/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/v1\/auth/);
    expect(seen.at(-1)).toMatchObject({ email: 'ada@example.com' });
  });

  it('when login fails, then 401 AUTH_FAILED with the request id', async () => {
    const res = await request(app).post('/api/v1/auth/login').set('X-Request-Id', 'req-123').send({ email: 'ada@example.com', password: 'nope' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'AUTH_FAILED', message: 'Auth Failed', requestId: 'req-123' } });
  });

  it('when the body has an unknown field, then 400 names it', async () => {
    const res = await request(app).post('/api/v1/auth/login').send({ email: 'ada@example.com', password: 'x', admin: true });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.message).toContain('admin');
  });

  it('when a field has the wrong type, then 400 names the field', async () => {
    const res = await request(app).post('/api/v1/auth/email-codes').send({ email: 42, purpose: 'register' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^email:/);
  });

  it('when a field is too long, then 400 names the field', async () => {
    const res = await request(app).post('/api/v1/auth/signup').send({ email: 'a@b.co', password: 'secret1', fullName: 'x'.repeat(5000) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^fullName:/);
  });

  it('when the signup password is short, then 400 says the spec message', async () => {
    const res = await request(app).post('/api/v1/auth/signup').send({ email: 'a@b.co', password: '12345' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('password: Password has to be atleast 6 characters');
  });

  it('when the body is larger than the limit, then 400 BODY_TOO_LARGE', async () => {
    const res = await request(app).post('/api/v1/auth/login').set('content-type', 'application/json')
      .send(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200_000) }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BODY_TOO_LARGE');
  });

  it('when a route carries one entry per file (uploads completed), then it takes a body over 64 KiB up to its own limit, and refuses one beyond it', async () => {
    const completed: number[] = [];
    await bus.serve('storage', [
      handle(STORAGE_RPC.completeUploads, async ({ uploads }) => {
        completed.push(uploads.length);
        return { objects: [] };
      }),
    ]);
    // 1,000 files (the most one call completes), each with a token and a part set: ~200 KB of JSON.
    const partSet = { runs: [[1, 9_101, 4]], sha256: 'a'.repeat(64) };
    const upload = (i: number) => ({ uploadToken: `${randomUUID()}.${1_900_000_000 + i}.${'m'.repeat(43)}`, partSet });
    const body = { uploads: Array.from({ length: 1_000 }, (_, i) => upload(i)) };
    expect(JSON.stringify(body).length).toBeGreaterThan(DEFAULT_BODY_LIMIT_BYTES);
    const res = await request(app).post('/api/v1/storage/uploads/complete').send(body);
    expect(res.status).toBe(200);
    expect(completed).toEqual([1_000]);
    const beyond = await request(app).post('/api/v1/storage/uploads/complete').set('content-type', 'application/json')
      .send(JSON.stringify({ uploads: [{ uploadToken: 'x'.repeat(FILE_LIST_BODY_LIMIT_BYTES) }] }));
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toMatchObject({ code: 'BODY_TOO_LARGE', message: 'Request body is over the limit of 512 KiB' });
    // Every other route keeps the default, those under a larger one's path too.
    const login = await request(app).post('/api/v1/auth/login').set('content-type', 'application/json')
      .send(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(DEFAULT_BODY_LIMIT_BYTES) }));
    expect(login.body.error).toMatchObject({ code: 'BODY_TOO_LARGE', message: 'Request body is over the limit of 64 KiB' });
    const under = await request(app).post('/api/v1/storage/uploads/complete/more').set('content-type', 'application/json')
      .send(JSON.stringify({ pad: 'x'.repeat(DEFAULT_BODY_LIMIT_BYTES) }));
    expect(under.body.error).toMatchObject({ code: 'BODY_TOO_LARGE', message: 'Request body is over the limit of 64 KiB' });
  });

  it('when a service crashes, then 500 INTERNAL tells nothing of it', async () => {
    const res = await request(app).post('/api/v1/auth/password-resets').send({ email: 'a@b.co' });
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('INTERNAL');
    expect(JSON.stringify(res.body)).not.toMatch(/hunter2|at .*\.ts/);
  });

  it('when the service behind a route is not running, then 503 SERVICE_UNAVAILABLE', async () => {
    const res = await request(app).post('/api/v1/auth/email-codes/verify').send({ email: 'a@b.co', code: '12345', purpose: 'register' });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('when /me is called without a token, then 401; with a forged token, then 401; with a valid one, then the user', async () => {
    expect((await request(app).get('/api/v1/me')).body.error.code).toBe('UNAUTHENTICATED');
    const claims = { email: 'ada@example.com', role: 'PRM', status: 'unpaid', isTeamMember: false, parentAdminId: null, sid: 's1', ver: 1 };
    const forged = await accessToken(claims, 'another-secret-that-is-32-characters-long!');
    expect((await request(app).get('/api/v1/me').set('Authorization', `Bearer ${forged}`)).status).toBe(401);
    const res = await request(app).get('/api/v1/me').set('Authorization', `Bearer ${await accessToken(claims)}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe('u1');
  });

  it('when refresh is called with the cookie, then it rotates; without, then 401', async () => {
    const ok = await request(app).post('/api/v1/auth/refresh').set('Cookie', 'ferry_rt=rt-1');
    expect(ok.status).toBe(200);
    expect(String(ok.headers['set-cookie'])).toMatch(/ferry_rt=rt-2/);
    const none = await request(app).post('/api/v1/auth/refresh');
    expect(none.status).toBe(401);
    const stale = await request(app).post('/api/v1/auth/refresh').set('Cookie', 'ferry_rt=rt-0');
    expect(stale.status).toBe(401);
    expect(String(stale.headers['set-cookie'])).toMatch(/ferry_rt=;/);
  });

  it('when a stale bearer rides along on refresh and logout, then they still work', async () => {
    const expired = await new SignJWT({ email: 'ada@example.com', role: 'PRM', status: 'unpaid', isTeamMember: false, parentAdminId: null, sid: 's1', ver: 1 })
      .setProtectedHeader({ alg: 'HS256' }).setSubject('u1').setIssuer(ACCESS_TOKEN_ISSUER).setAudience(ACCESS_TOKEN_AUDIENCE)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60).sign(new TextEncoder().encode(SECRET));
    const refreshed = await request(app).post('/api/v1/auth/refresh').set('Authorization', `Bearer ${expired}`).set('Cookie', 'ferry_rt=rt-1');
    expect(refreshed.status).toBe(200);
    const out = await request(app).post('/api/v1/auth/logout').set('Authorization', `Bearer ${expired}`).set('Cookie', 'ferry_rt=rt-5');
    expect(out.status).toBe(204);
    expect(seen.at(-1)).toEqual({ refreshToken: 'rt-5' });
    expect((await request(app).get('/api/v1/me').set('Authorization', `Bearer ${expired}`)).status).toBe(401);
  });

  it('when a reset token is malformed, then 404 as for any unknown token', async () => {
    const res = await request(app).get('/api/v1/auth/password-resets/not-a-token!');
    expect(res.status).not.toBe(400);
  });

  it('when a service is down, then the answer names no internal subject', async () => {
    const res = await request(app).post('/api/v1/auth/email-codes/verify').send({ email: 'a@b.co', code: '12345', purpose: 'register' });
    expect(res.body.error.message).not.toMatch(/svc\.|identity/);
  });

  it('when logging out, then the cookie is cleared and identity is told which session', async () => {
    const res = await request(app).post('/api/v1/auth/logout').set('Cookie', 'ferry_rt=rt-9');
    expect(res.status).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/ferry_rt=;/);
    expect(seen.at(-1)).toEqual({ refreshToken: 'rt-9' });
  });

  it('when the API is asked for, then it answers with a strict CSP and no framework banner', async () => {
    const res = await request(app).get('/healthz');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('when /api/docs is read, then it documents the identity routes from their contracts', async () => {
    const res = await request(app).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.0.3');
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining([
      '/api/v1/auth/email-codes', '/api/v1/auth/signup', '/api/v1/auth/login', '/api/v1/auth/refresh',
      '/api/v1/auth/password-resets/{token}', '/api/v1/me', '/api/v1/team/invites/{id}/accept',
    ]));
    const signup = res.body.paths['/api/v1/auth/signup'].post;
    expect(signup.requestBody.content['application/json'].schema.properties.password.minLength).toBe(6);
    expect(signup.responses['409']).toBeDefined();
  });
});

describe('gateway rate limits', () => {
  it('when one IP sends too many auth requests, then 429 RATE_LIMITED with Retry-After', async () => {
    const bus = createInProcessBus({ log: createMemoryLogger() });
    await serveStandInIdentity(bus, []);
    const app = makeApp(bus, { RATE_LIMIT_AUTH_PER_IP_PER_MINUTE: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await request(app).post('/api/v1/auth/login').send({ email: 'a@b.co', password: 'nope' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await request(app).post('/api/v1/auth/login').send({ email: 'a@b.co', password: 'nope' });
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('when REDIS_URL is set, then two gateway replicas share the counters', async () => {
    const bus = createInProcessBus({ log: createMemoryLogger() });
    await serveStandInIdentity(bus, []);
    const env = { RATE_LIMIT_AUTH_PER_IP_PER_MINUTE: '2', REDIS_URL: process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379' };
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const [firstGateway, secondGateway] = [makeGateway(bus, { ...env, TRUST_PROXY_HOPS: '1' }), makeGateway(bus, { ...env, TRUST_PROXY_HOPS: '1' })];
    await Promise.all([firstGateway.rateLimits.ready(), secondGateway.rateLimits.ready()]);
    const [first, second] = [firstGateway.app, secondGateway.app];
    const body = { email: `${randomUUID()}@b.co`, password: 'nope' };
    expect((await request(first).post('/api/v1/auth/login').set('X-Forwarded-For', ip).send(body)).status).toBe(401);
    expect((await request(second).post('/api/v1/auth/login').set('X-Forwarded-For', ip).send(body)).status).toBe(401);
    expect((await request(first).post('/api/v1/auth/login').set('X-Forwarded-For', ip).send(body)).status).toBe(429);
  });
});
