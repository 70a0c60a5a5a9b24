import type { Logger } from 'pino';
import { addHealthRoutes, type HealthCheck } from './health.routes';
import { createHttpApp, finishHttpApp } from './http-app';
import { listen, type RunningServer } from './listen';

export interface HealthServerOptions {
  log: Logger;
  service: string;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  checks: Record<string, HealthCheck>;
}

/** `/healthz` and `/readyz` on their own port, for services that otherwise speak only NATS. */
export async function startHealthServer(options: HealthServerOptions): Promise<RunningServer> {
  const app = createHttpApp({ log: options.log, service: options.service });
  addHealthRoutes(app, options.checks);
  finishHttpApp(app, { log: options.log });
  const server = await listen(app, options.port, options.host ?? '0.0.0.0');
  options.log.info({ port: server.port }, 'health endpoints listening');
  return server;
}
