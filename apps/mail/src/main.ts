import { connectNatsBus } from '@ferry/bus';
import { isDbReady, openDb } from '@ferry/db';
import { createLogger, startTelemetry, onShutdown, startHealthServer, natsBusOptionsOf, migrateOptionOf, exitAfterMigrating } from '@ferry/service-kit';
import { loadMailConfig } from './config';
import { startMail } from './mail.service';
import { mailMigrations } from './store/mail.migrations';

const telemetry = startTelemetry({ service: 'mail' });
const config = loadMailConfig(process.env);
const log = createLogger({ service: 'mail', level: config.LOG_LEVEL });
const db = await openDb(config.DATABASE_URL, { schema: 'mail', migrations: mailMigrations, migrate: migrateOptionOf(config.MIGRATIONS) });
if (config.MIGRATIONS === 'only') await exitAfterMigrating(db, log, 'mail');
const bus = await connectNatsBus(config.NATS_URL, { name: 'mail', ...natsBusOptionsOf(config), log, sealKey: config.EVENT_SEAL_KEY, sealKeyPrevious: config.EVENT_SEAL_KEY_PREVIOUS });
const mail = await startMail({ db, bus, log, config });
const health = await startHealthServer({
  log,
  service: 'mail',
  port: config.HEALTH_PORT,
  checks: { db: () => isDbReady(db), bus: () => bus.isReady() },
});
onShutdown(log, [() => health.close(), () => bus.drain(), () => mail.stop(), () => db.destroy(), () => telemetry.shutdown()]);
