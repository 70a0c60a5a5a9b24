import { connectNatsBus } from '@ferry/bus';
import { isDbReady, openDb } from '@ferry/db';
import { createLogger, initTelemetry, onShutdown, startHealthServer } from '@ferry/service-kit';
import { loadMailConfig } from './config';
import { startMail } from './mail.service';
import { mailMigrations } from './store/mail.migrations';

initTelemetry();
const config = loadMailConfig(process.env);
const log = createLogger({ service: 'mail', level: config.LOG_LEVEL });
const db = await openDb(config.DATABASE_URL, { schema: 'mail', migrations: mailMigrations });
const bus = await connectNatsBus(config.NATS_URL, { name: 'mail', prefix: config.NATS_PREFIX, log, sealKey: config.EVENT_SEAL_KEY });
const mail = await startMail({ db, bus, log, config });
const health = await startHealthServer({
  log,
  service: 'mail',
  port: config.HEALTH_PORT,
  checks: { db: () => isDbReady(db), bus: () => bus.isReady() },
});
onShutdown(log, [() => health.close(), () => bus.drain(), () => mail.stop(), () => db.destroy()]);
