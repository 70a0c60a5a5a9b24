import { connectNatsBus } from '@ferry/bus';
import { createLogger, startTelemetry, onShutdown, startHealthServer, natsBusOptionsOf } from '@ferry/service-kit';
import { loadGatewayConfig } from './config';
import { startGateway } from './gateway.service';

const telemetry = startTelemetry({ service: 'gateway' });
const config = loadGatewayConfig(process.env);
const log = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
const bus = await connectNatsBus(config.NATS_URL, { name: 'gateway', ...natsBusOptionsOf(config), log });
const gateway = await startGateway({ bus, log, config });
const ops = await startHealthServer({ log, service: 'gateway', port: config.OPS_PORT, checks: { bus: () => bus.isReady() } });
onShutdown(log, [() => gateway.stop(), () => ops.close(), () => bus.drain(), () => telemetry.shutdown()]);
