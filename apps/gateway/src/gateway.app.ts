import type { Bus } from '@ferry/bus';
import { STRIPE_WEBHOOK_PATH, type HttpRoute } from '@ferry/contracts';
import { addHealthRoutes, createHttpApp, finishHttpApp, type Logger } from '@ferry/service-kit';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import { createAuthenticator } from './auth/access-token';
import { createApiTokenVerifier } from './auth/api-tokens';
import { createRouteBus } from './rpc/route-bus';
import { createSessionRevocations, type SessionRevocations } from './auth/session-revocations';
import type { GatewayConfig } from './config';
import { buildOpenApiDocument } from './openapi/openapi-document';
import { createRateLimits, type RateLimits } from './rate-limit/rate-limits';
import { gatewayRoutes } from './routes/gateway-routes';
import { notificationStream } from './routes/notification-stream';
import { STRIPE_WEBHOOK_BODY_LIMIT_BYTES, stripeWebhook } from './routes/stripe-webhook.route';
import { RECEIPT_KEYS_WELL_KNOWN, receiptKeysWellKnown } from './routes/receipts.routes';
import { mountRoutes } from './routes/route-registry';
import { dataExportDownload } from './routes/account-lifecycle.routes';
import { compressApiJson } from './web/compressed-responses';
import { serveWebApp } from './web/web-app';
import { customHostRouting } from './web/custom-hosts';

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

/** The routes whose contracts take a larger JSON body than the default, grouped by limit, as paths under /api/v1 for the body parser. */
function largeBodiesOf(contracts: HttpRoute[]): { paths: string[]; limitBytes: number }[] {
  const byLimit = new Map<number, string[]>();
  for (const { path, bodyLimitBytes } of contracts) {
    if (bodyLimitBytes !== undefined) byLimit.set(bodyLimitBytes, [...(byLimit.get(bodyLimitBytes) ?? []), `/api/v1${path}`]);
  }
  return [...byLimit].map(([limitBytes, paths]) => ({ paths, limitBytes }));
}

/** The public HTTP API: /api/v1 routed to services over the bus, /api/docs, health. */
export function createGatewayApp({ bus, log, config, extend }: GatewayAppDeps): GatewayApp {
  const withStripe = config.BILLING_PROVIDER === 'stripe';
  const routes = gatewayRoutes({
    bus: createRouteBus(bus, { timeoutFloorMs: config.RPC_TIMEOUT_MS }),
    secureCookies: config.PUBLIC_URL.startsWith('https:'),
    billing: { provider: config.BILLING_PROVIDER, publishableKey: withStripe ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null },
  });
  const app = createHttpApp({
    log,
    service: 'gateway',
    trustProxy: config.TRUST_PROXY_HOPS > 0,
    ...(withStripe ? { rawBody: { paths: [`/api/v1${STRIPE_WEBHOOK_PATH}`], limitBytes: STRIPE_WEBHOOK_BODY_LIMIT_BYTES } } : {}),
    largeJsonBodies: largeBodiesOf(routes.map((route) => route.contract)),
  });
  if (config.TRUST_PROXY_HOPS > 0) app.set('trust proxy', config.TRUST_PROXY_HOPS);
  app.locals['log'] = log;
  // A company's verified download host serves only its download and request pages.
  app.use(customHostRouting(bus, { publicUrl: config.PUBLIC_URL }));
  const rateLimits = createRateLimits({
    perIpPerMinute: config.RATE_LIMIT_PER_IP_PER_MINUTE,
    authPerIpPerMinute: config.RATE_LIMIT_AUTH_PER_IP_PER_MINUTE,
    perAccountPerMinute: config.RATE_LIMIT_PER_ACCOUNT_PER_MINUTE,
    perApiTokenPerMinute: config.RATE_LIMIT_PER_API_TOKEN_PER_MINUTE,
    redisUrl: config.REDIS_URL,
  });
  const revocations = createSessionRevocations({ bus, log, redisUrl: config.REDIS_URL });
  const ready = revocations.start();
  const authenticate = createAuthenticator(config.AUTH_JWT_SECRET, revocations, createApiTokenVerifier({ bus, revocations }));
  const api = express.Router();
  api.use(cookieParser());
  api.get('/notifications/stream', notificationStream(bus, authenticate, { revocations }));
  api.get('/exports/:id/:token', dataExportDownload(bus, (req) => rateLimits.limitByIp(req, 'auth')));
  if (withStripe) api.post(STRIPE_WEBHOOK_PATH, stripeWebhook(bus));
  mountRoutes(api, routes, {
    authenticate,
    limitByIp: (req, kind) => rateLimits.limitByIp(req, kind),
    limitByAccount: (userId) => rateLimits.limitByAccount(userId),
    limitByApiToken: (tokenId) => rateLimits.limitByApiToken(tokenId),
  });
  app.use('/api', compressApiJson());
  app.use('/api/v1', api);
  const openApi = buildOpenApiDocument(routes.map((route) => route.contract), config.PUBLIC_URL);
  app.get('/api/docs', (_req, res) => {
    res.json(openApi);
  });
  app.get(RECEIPT_KEYS_WELL_KNOWN, receiptKeysWellKnown(bus));
  addHealthRoutes(app, { bus: () => bus.isReady() });
  extend?.(app);
  if (config.WEB_DIST_DIR) serveWebApp(app, { distDir: config.WEB_DIST_DIR, connectOrigins: config.WEB_STORAGE_ORIGINS, withStripe });
  finishHttpApp(app, { log });
  return { app, rateLimits, revocations, ready };
}
