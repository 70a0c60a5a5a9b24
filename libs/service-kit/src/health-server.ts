import type { Logger } from 'pino';
import { addHealthRoutes, type HealthCheck } from './health.routes';
import { createHttpApp, finishHttpApp } from './http-app';
import { listen, type RunningServer } from './listen';
import { addMetricsRoute } from './metrics';

export interface HealthServerOptions {
  log: Logger;
  service: string;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  checks: Record<string, HealthCheck>;
}

/**
 * The ops port: `/healthz`, `/readyz` and `/metrics` on a port of their own, never on a public API
 * or byte port (services that speak only NATS, and the gateway's and storage's ops port).
 */
export async function startHealthServer(options: HealthServerOptions): Promise<RunningServer> {
  const app = createHttpApp({ log: options.log, service: options.service });
  addHealthRoutes(app, options.checks);
  addMetricsRoute(app);
  finishHttpApp(app, { log: options.log });
  const server = await listen(app, options.port, options.host ?? '0.0.0.0');
  options.log.info({ port: server.port }, 'ops endpoints (health, metrics) listening');
  return server;
}
