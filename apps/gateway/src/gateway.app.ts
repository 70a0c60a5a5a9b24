import type { Bus } from '@ferry/bus';
import { addHealthRoutes, createHttpApp, finishHttpApp, type Logger } from '@ferry/service-kit';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import { createAuthenticator } from './auth/access-token';
import { createRouteBus } from './rpc/route-bus';
import { createSessionRevocations, type SessionRevocations } from './auth/session-revocations';
import type { GatewayConfig } from './config';
import { buildOpenApiDocument } from './openapi/openapi-document';
import { createRateLimits, type RateLimits } from './rate-limit/rate-limits';
import { gatewayRoutes } from './routes/gateway-routes';
import { notificationStream } from './routes/notification-stream';
import { mountRoutes } from './routes/route-registry';
import { serveWebApp } from './web/web-app';

export interface GatewayAppDeps {
  bus: Bus;
  log: Logger;
  config: GatewayConfig;
  /** Extra handlers mounted before the 404 (the single-process launcher adds the web app and inbox link). */
  extend?: (app: Express) => void;
}

export interface GatewayApp {
  app: Express;
  rateLimits: RateLimits;
  revocations: SessionRevocations;
  /** Resolves once the replica observes session revocations; listen only after it. */
  ready: Promise<void>;
}

/** The public HTTP API: /api/v1 routed to services over the bus, /api/docs, health. */
export function createGatewayApp({ bus, log, config, extend }: GatewayAppDeps): GatewayApp {
  const app = createHttpApp({ log, service: 'gateway', trustProxy: config.TRUST_PROXY_HOPS > 0 });
  if (config.TRUST_PROXY_HOPS > 0) app.set('trust proxy', config.TRUST_PROXY_HOPS);
  app.locals['log'] = log;
  const rateLimits = createRateLimits({
    perIpPerMinute: config.RATE_LIMIT_PER_IP_PER_MINUTE,
    authPerIpPerMinute: config.RATE_LIMIT_AUTH_PER_IP_PER_MINUTE,
    perAccountPerMinute: config.RATE_LIMIT_PER_ACCOUNT_PER_MINUTE,
    redisUrl: config.REDIS_URL,
  });
  const revocations = createSessionRevocations({ bus, log, redisUrl: config.REDIS_URL });
  const ready = revocations.start();
  const authenticate = createAuthenticator(config.AUTH_JWT_SECRET, revocations);
  const routes = gatewayRoutes({ bus: createRouteBus(bus, { timeoutFloorMs: config.RPC_TIMEOUT_MS }), secureCookies: config.PUBLIC_URL.startsWith('https:') });
  const api = express.Router();
  api.use(cookieParser());
  api.get('/notifications/stream', notificationStream(bus, authenticate, { revocations }));
  mountRoutes(api, routes, {
    authenticate,
    limitByIp: (req, kind) => rateLimits.limitByIp(req, kind),
    limitByAccount: (userId) => rateLimits.limitByAccount(userId),
  });
  app.use('/api/v1', api);
  const openApi = buildOpenApiDocument(routes.map((route) => route.contract), config.PUBLIC_URL);
  app.get('/api/docs', (_req, res) => {
    res.json(openApi);
  });
  addHealthRoutes(app, { bus: () => bus.isReady() });
  extend?.(app);
  if (config.WEB_DIST_DIR) serveWebApp(app, { distDir: config.WEB_DIST_DIR, connectOrigins: config.WEB_STORAGE_ORIGINS });
  finishHttpApp(app, { log });
  return { app, rateLimits, revocations, ready };
}
