import type { Bus } from '@ferry/bus';
import { listen, type Logger } from '@ferry/service-kit';
import type { Express } from 'express';
import type { GatewayConfig } from './config';
import { createGatewayApp } from './gateway.app';

export interface StartedGateway {
  port: number;
  stop(): Promise<void>;
}

export async function startGateway(deps: {
  bus: Bus;
  log: Logger;
  config: GatewayConfig;
  extend?: (app: Express) => void;
}): Promise<StartedGateway> {
  const { app, rateLimits, revocations, ready } = createGatewayApp(deps);
  await ready;
  const server = await listen(app, deps.config.PORT, deps.config.HOST);
  deps.log.info({ port: server.port }, 'gateway listening');
  return {
    port: server.port,
    async stop() {
      await server.close();
      await rateLimits.close();
      await revocations.close();
    },
  };
}
