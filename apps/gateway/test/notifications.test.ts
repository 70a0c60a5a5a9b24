import { randomUUID } from 'node:crypto';
import { createInProcessBus, type Bus } from '@ferry/bus';
import { createMemoryLogger, handle } from '@ferry/bus/testing';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  AppError,
  NOTIFICATION_CREATED,
  NOTIFICATIONS_RPC,
  type TNotification,
  type TNotificationCreated,
} from '@ferry/contracts';
import { createLogger, listen, type RunningServer } from '@ferry/service-kit';
import { waitFor } from '@ferry/testing';
import express from 'express';
import { SignJWT } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthenticator } from '../src/auth/access-token';
import { ZGatewayConfig } from '../src/config';
import { createGatewayApp, type GatewayApp } from '../src/gateway.app';
import { notificationStream } from '../src/routes/notification-stream';
import { openSse } from './support/sse-client';

const SECRET = 'notifications-test-secret-at-least-32-characters';

async function tokenFor(sub: string, expiresIn = '5m'): Promise<string> {
  return new SignJWT({ email: `${sub}@example.com`, role: 'PRM', status: 'unpaid', isTeamMember: false, parentAdminId: null, sid: `${sub}-session`, ver: 1 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(SECRET));
}

function notification(overrides: Partial<TNotification> = {}): TNotification {
  return {
    _id: randomUUID(),
    slug: 'Ab3dE5f',
    read: false,
    dlDate: '2026-11-24T08:05:00.000Z',
    dlCountryCode: 'AE',
    dlCountry: 'United Arab Emirates',
    dlCity: 'Dubai',
    receiverEmail: 'bo@client.example',
    fileName: 'report.pdf',
    dlOrigin: 'download',
    ...overrides,
  };
}

async function publishCreated(bus: Bus, created: Omit<TNotificationCreated, 'eventId'>): Promise<TNotificationCreated> {
  const event = { ...created, eventId: randomUUID() };
  await bus.publishEvent(NOTIFICATION_CREATED.subject, event.eventId, event, {});
  return event;
}

/** A stand-in notifications service that keeps A's one notification and records who asked. */
async function serveStandInNotifications(bus: Bus, asked: Array<{ userId: string }>): Promise<TNotification> {
  const owned = notification();
  await bus.serve('notifications', [
    handle(NOTIFICATIONS_RPC.list, async (req) => {
      asked.push(req);
      return req.userId === 'user-a' ? { items: [owned].slice(req.skip, req.skip + req.limit), unread: 1, total: 1 } : { items: [], unread: 0, total: 0 };
    }),
    handle(NOTIFICATIONS_RPC.deleteOne, async (req) => {
      asked.push(req);
      if (req.userId !== 'user-a' || req.id !== owned._id) throw new AppError('NOT_FOUND', { message: 'No such notification' });
      return {};
    }),
    handle(NOTIFICATIONS_RPC.clearAll, async (req) => {
      asked.push(req);
      return {};
    }),
    handle(NOTIFICATIONS_RPC.markAllRead, async (req) => {
      asked.push(req);
      return {};
    }),
  ]);
  return owned;
}

describe('notification routes', () => {
  const bus = createInProcessBus({ log: createMemoryLogger() });
  const asked: Array<{ userId: string }> = [];
  let gateway: GatewayApp;
  let owned: TNotification;
  let tokenA: string;
  let tokenB: string;

  beforeAll(async () => {
    owned = await serveStandInNotifications(bus, asked);
    gateway = createGatewayApp({ bus, log: createLogger({ service: 'gateway-test', level: 'silent' }), config: ZGatewayConfig.parse({ AUTH_JWT_SECRET: SECRET }) });
    [tokenA, tokenB] = await Promise.all([tokenFor('user-a'), tokenFor('user-b')]);
  });
  afterAll(async () => {
    await gateway.rateLimits.close();
    await bus.drain();
  });

  it('when a signed-in user lists, then 200 with items, unread and total, for the user in the token whatever the query says', async () => {
    const res = await request(gateway.app).get('/api/v1/notifications?skip=0&limit=5&userId=user-b').set('authorization', `Bearer ${tokenA}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [owned], unread: 1, total: 1 });
    expect(asked.at(-1)).toEqual({ userId: 'user-a', skip: 0, limit: 5 });
  });

  it('when skip and limit are left out, then the defaults apply; when limit is out of range, then 400 names it', async () => {
    await request(gateway.app).get('/api/v1/notifications').set('authorization', `Bearer ${tokenA}`).expect(200);
    expect(asked.at(-1)).toEqual({ userId: 'user-a', skip: 0, limit: 30 });
    const res = await request(gateway.app).get('/api/v1/notifications?limit=500').set('authorization', `Bearer ${tokenA}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^limit:/);
  });

  it('when nobody is signed in, then every notification route is 401', async () => {
    for (const [method, path] of [['get', '/notifications'], ['delete', '/notifications/x'], ['delete', '/notifications'], ['post', '/notifications/read']] as const) {
      const res = await request(gateway.app)[method](`/api/v1${path}`);
      expect([path, res.status, res.body.error?.code]).toEqual([path, 401, 'UNAUTHENTICATED']);
    }
  });

  it("when user B deletes user A's notification, then 404 NOT_FOUND; when A does, then 204", async () => {
    const other = await request(gateway.app).delete(`/api/v1/notifications/${owned._id}`).set('authorization', `Bearer ${tokenB}`);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('NOT_FOUND');
    expect(asked.at(-1)).toEqual({ userId: 'user-b', id: owned._id });
    await request(gateway.app).delete(`/api/v1/notifications/${owned._id}`).set('authorization', `Bearer ${tokenA}`).expect(204);
  });

  it('when a user clears all or marks all read, then 204 for that user; a userId in the body is an unknown field', async () => {
    await request(gateway.app).delete('/api/v1/notifications').set('authorization', `Bearer ${tokenB}`).expect(204);
    expect(asked.at(-1)).toEqual({ userId: 'user-b' });
    const spoofed = await request(gateway.app).post('/api/v1/notifications/read').set('authorization', `Bearer ${tokenA}`).send({ userId: 'user-b' });
    expect([spoofed.status, spoofed.body.error.code, spoofed.body.error.details]).toEqual([400, 'VALIDATION_FAILED', { field: 'userId', where: 'body' }]);
    expect(asked.at(-1)).toEqual({ userId: 'user-b' });
    await request(gateway.app).post('/api/v1/notifications/read').set('authorization', `Bearer ${tokenA}`).send({}).expect(204);
    expect(asked.at(-1)).toEqual({ userId: 'user-a' });
  });

  it('when the OpenAPI document is read, then it has the notification routes', async () => {
    const res = await request(gateway.app).get('/api/docs');
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/v1/notifications', '/api/v1/notifications/{id}', '/api/v1/notifications/read']));
  });
});

describe('notification stream', () => {
  const bus = createInProcessBus({ log: createMemoryLogger() });
  let gateway: GatewayApp;
  let server: RunningServer;
  let base: string;

  beforeAll(async () => {
    gateway = createGatewayApp({ bus, log: createLogger({ service: 'gateway-test', level: 'silent' }), config: ZGatewayConfig.parse({ AUTH_JWT_SECRET: SECRET }) });
    server = await listen(gateway.app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${server.port}/api/v1/notifications/stream`;
  });
  afterAll(async () => {
    await server?.close();
    await gateway?.rateLimits.close();
    await bus.drain();
  });

  it("when a notification is created for a signed-in user, then their stream gets it and another user's does not", async () => {
    const a = await openSse(base, { authorization: `Bearer ${await tokenFor('user-a')}` });
    // EventSource cannot set headers: the token may come in the query string.
    const b = await openSse(`${base}?access_token=${await tokenFor('user-b')}`);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.contentType).toMatch(/^text\/event-stream/);

    const created = await publishCreated(bus, { userId: 'user-a', email: 'ada@acme.example', lang: 'en', notification: notification({ slug: 'ForA000' }) });
    await publishCreated(bus, { userId: null, email: 'guest@mail.example', lang: 'en', notification: notification({ slug: 'Nobody0' }) });
    await waitFor('the pushed notification', () => (a.events().length > 0 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(a.events()).toEqual([{ event: 'notification', id: created.eventId, data: JSON.stringify(created.notification) }]);
    expect(b.events()).toEqual([]);
    expect(a.text()).not.toContain('ada@acme.example');
    a.close();
    b.close();
  });

  it('when there is no token or a bad one, then 401 and no stream', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-valid-token' }] as Array<Record<string, string>>) {
      const res = await fetch(base, { headers });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    }
    const badQuery = await fetch(`${base}?access_token=${await tokenFor('user-a').then((t) => `${t}x`)}`);
    expect(badQuery.status).toBe(401);
  });
});

describe('notification stream lifetime', () => {
  const bus = createInProcessBus({ log: createMemoryLogger() });

  async function startStreamServer(): Promise<{ server: RunningServer; url: string }> {
    const app = express();
    app.get('/stream', notificationStream(bus, createAuthenticator(SECRET, { isRevoked: async () => false }), { heartbeatMs: 100 }));
    const server = await listen(app, 0, '127.0.0.1');
    return { server, url: `http://127.0.0.1:${server.port}/stream` };
  }

  afterAll(async () => {
    await bus.drain();
  });

  it('when nothing happens, then a comment heartbeat keeps the stream alive', async () => {
    const { server, url } = await startStreamServer();
    const stream = await openSse(url, { authorization: `Bearer ${await tokenFor('user-a')}` });
    await waitFor('two heartbeats', () => (stream.text().split(': heartbeat\n\n').length > 2 ? true : undefined));
    stream.close();
    await server.close();
  });

  it('when the access token expires, then the server ends the stream', async () => {
    const { server, url } = await startStreamServer();
    const stream = await openSse(url, { authorization: `Bearer ${await tokenFor('user-a', '2s')}` });
    expect(stream.status).toBe(200);
    await expect(Promise.race([stream.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000))])).resolves.toBe('ended');
    await server.close();
  });

  it('when the server shuts down, then open streams end and the shutdown completes', async () => {
    const { server, url } = await startStreamServer();
    const stream = await openSse(url, { authorization: `Bearer ${await tokenFor('user-a')}` });
    await server.close();
    await stream.ended;
    expect(stream.text()).toContain('retry: 5000');
  });
});
