import { connectNatsBus } from '@ferry/bus';
import { createLogger, initTelemetry, onShutdown } from '@ferry/service-kit';
import { loadGatewayConfig } from './config';
import { startGateway } from './gateway.service';

initTelemetry();
const config = loadGatewayConfig(process.env);
const log = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
const bus = await connectNatsBus(config.NATS_URL, { name: 'gateway', log });
const gateway = await startGateway({ bus, log, config });
onShutdown(log, [() => gateway.stop(), () => bus.drain()]);
