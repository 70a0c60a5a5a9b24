import { createLogger, startTelemetry, onShutdown, startHealthServer } from '@ferry/service-kit';
import { startAllInOne } from './all-in-one';
import { loadAllInOneConfig } from './config';

const telemetry = startTelemetry({ service: 'ferry' });
const config = loadAllInOneConfig(process.env);
const log = createLogger({ service: 'ferry', level: config.LOG_LEVEL });
const ferry = await startAllInOne(config, log);
const ops = await startHealthServer({ log, service: 'ferry', port: config.OPS_PORT, host: config.HOST, checks: { started: () => true } });
onShutdown(log, [() => ops.close(), () => ferry.stop(), () => telemetry.shutdown()]);

const lines = [
  '',
  `  Ferry is running at ${ferry.url}`,
  `    API:        ${ferry.url}/api/v1   (OpenAPI document: ${ferry.url}/api/docs)`,
  `    Storage:    ${ferry.storageUrl}   (local driver, encrypted at rest in ${config.DATA_DIR}/objects)`,
  `    Mail inbox: ${ferry.inboxUrl ?? 'mail goes to SMTP_URL'}`,
  `    Database:   ${config.DATABASE_URL ? 'DATABASE_URL' : `embedded Postgres, data in ${config.DATA_DIR}/postgres`}`,
  `    Bus:        ${ferry.bus === 'nats' ? 'NATS at NATS_URL' : 'in-process'}`,
  `    Metrics:    http://localhost:${ops.port}/metrics   (Prometheus; /healthz, /readyz)`,
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);
