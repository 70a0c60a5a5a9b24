import { connectNatsBus } from '@ferry/bus';
import { createLogger, startTelemetry, onShutdown, startHealthServer, natsBusOptionsOf } from '@ferry/service-kit';
import { loadGeoConfig } from './config';
import { startGeo } from './geo.service';

const telemetry = startTelemetry({ service: 'geo' });
const config = loadGeoConfig(process.env);
const log = createLogger({ service: 'geo', level: config.LOG_LEVEL });
const bus = await connectNatsBus(config.NATS_URL, { name: 'geo', ...natsBusOptionsOf(config), log });
const geo = await startGeo({ bus, log, config });
const health = await startHealthServer({ log, service: 'geo', port: config.PORT, checks: { bus: () => bus.isReady() } });
onShutdown(log, [() => health.close(), () => bus.drain(), () => geo.stop(), () => telemetry.shutdown()]);
