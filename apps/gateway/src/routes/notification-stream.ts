import type { Server } from 'node:net';
import type { Bus } from '@ferry/bus';
import { AppError, NOTIFICATION_CREATED, type TAccessClaims, type TNotificationCreated } from '@ferry/contracts';
import type { Request, RequestHandler, Response } from 'express';
import { decodeJwt } from 'jose';
import type { TCaller } from '../auth/access-token';
import type { SessionRevocations } from '../auth/session-revocations';
import { tokenScopeDenied } from './route-registry';

export interface NotificationStreamOptions {
  /** A comment line goes out after this much silence, so that proxies keep the stream open; 25 s by default. */
  heartbeatMs?: number;
  /** Streams one user may hold open in this replica (tabs, devices); 10 by default. */
  maxStreamsPerUser?: number;
  /** A stream whose session is revoked ends at once, not when its token expires. */
  revocations?: Pick<SessionRevocations, 'onRevoked' | 'covers'>;
}

interface OpenStream {
  userId: string;
  claims: TAccessClaims;
  res: Response;
  /** The HTTP server the stream came through: once it stops listening, the gateway is shutting down. */
  server: Server | undefined;
  /** When the access token the stream was opened with expires (ms). */
  expiresAt: number;
  lastWriteAt: number;
}

/** A client that reads slower than this is let go rather than buffered for. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** The access token: `Authorization: Bearer …`, or `?access_token=…` because EventSource cannot set headers. */
function streamToken(req: Request): string | null {
  const header = req.get('authorization');
  if (header) return /^Bearer (\S+)$/.exec(header)?.[1] ?? header;
  const query = req.query['access_token'];
  return typeof query === 'string' && query !== '' ? query : null;
}

function tokenExpiry(token: string): number {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * `GET /notifications/stream`: server-sent events for the signed-in user. Every replica observes
 * `evt.notification.created` on the bus and writes `event: notification` with the notification as
 * JSON to the streams of its user. A stream ends when its access token expires (the client opens a
 * new one with a fresh token), when its session is revoked, when the client goes away, or when the server shuts down.
 */
export function notificationStream(
  bus: Bus,
  authenticate: (req: Request) => Promise<TCaller | null>,
  options: NotificationStreamOptions = {},
): RequestHandler {
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const maxStreamsPerUser = options.maxStreamsPerUser ?? 10;
  const streamsByUser = new Map<string, Set<OpenStream>>();
  let observing: Promise<unknown> | null = null;
  let ticker: NodeJS.Timeout | null = null;

  function forget(stream: OpenStream): void {
    const streams = streamsByUser.get(stream.userId);
    streams?.delete(stream);
    if (streams?.size === 0) streamsByUser.delete(stream.userId);
    if (streamsByUser.size === 0 && ticker) {
      clearInterval(ticker);
      ticker = null;
    }
  }

  function end(stream: OpenStream): void {
    forget(stream);
    stream.res.end();
  }

  function write(stream: OpenStream, chunk: string): void {
    stream.res.write(chunk);
    stream.lastWriteAt = Date.now();
    if (stream.res.writableLength > MAX_BUFFERED_BYTES) end(stream);
  }

  function push(event: TNotificationCreated): void {
    if (event.userId === null) return;
    for (const stream of [...(streamsByUser.get(event.userId) ?? [])]) {
      write(stream, `event: notification\nid: ${event.eventId}\ndata: ${JSON.stringify(event.notification)}\n\n`);
    }
  }

  options.revocations?.onRevoked((revocation) => {
    for (const stream of [...(streamsByUser.get(revocation.userId) ?? [])]) {
      if (options.revocations?.covers(revocation, stream.claims)) end(stream);
    }
  });

  function tick(): void {
    const now = Date.now();
    for (const streams of [...streamsByUser.values()]) {
      for (const stream of [...streams]) {
        if ((stream.server && !stream.server.listening) || now >= stream.expiresAt) end(stream);
        else if (now - stream.lastWriteAt >= heartbeatMs) write(stream, ': heartbeat\n\n');
      }
    }
  }

  /** One observer per replica, made at the first stream and kept. */
  async function observe(): Promise<void> {
    observing ??= bus.observe(NOTIFICATION_CREATED, push).catch((error: unknown) => {
      observing = null;
      throw new AppError('SERVICE_UNAVAILABLE', { message: 'Live notifications are not available right now', cause: error });
    });
    await observing;
  }

  return (req, res, next) => {
    void (async () => {
      const token = streamToken(req);
      if (!token) throw new AppError('UNAUTHENTICATED', { message: 'Log in to continue' });
      if (!req.get('authorization')) req.headers.authorization = `Bearer ${token}`;
      const caller = await authenticate(req);
      if (!caller) throw new AppError('UNAUTHENTICATED', { message: 'Log in to continue' });
      if (caller.apiTokenId) throw tokenScopeDenied();
      const user = caller.claims;
      if ((streamsByUser.get(user.sub)?.size ?? 0) >= maxStreamsPerUser) {
        throw new AppError('RATE_LIMITED', { message: 'Too many open notification streams', details: { retryAfterSeconds: 30 } });
      }
      await observe();

      const stream: OpenStream = {
        userId: user.sub,
        claims: user,
        res,
        server: (req.socket as { server?: Server }).server,
        expiresAt: tokenExpiry(token),
        lastWriteAt: Date.now(),
      };
      res.status(200).set({
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.flushHeaders();
      const streams = streamsByUser.get(user.sub) ?? new Set<OpenStream>();
      streams.add(stream);
      streamsByUser.set(user.sub, streams);
      ticker ??= setInterval(tick, Math.min(1_000, heartbeatMs)).unref();
      res.on('close', () => forget(stream));
      write(stream, 'retry: 5000\n\n');
    })().catch(next);
  };
}
