export { startGateway } from './gateway.service';
export type { StartedGateway } from './gateway.service';
export { createGatewayApp } from './gateway.app';
export { loadGatewayConfig, ZGatewayConfig } from './config';
export type { GatewayConfig } from './config';
