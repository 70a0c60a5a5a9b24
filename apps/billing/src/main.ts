import { connectNatsBus } from '@ferry/bus';
import { isDbReady, openDb } from '@ferry/db';
import { createLogger, exitAfterMigrating, migrateOptionOf, natsBusOptionsOf, onShutdown, startHealthServer, startTelemetry } from '@ferry/service-kit';
import { startBilling } from './billing.service';
import { loadBillingConfig } from './config';
import { billingMigrations } from './store/billing.migrations';

const telemetry = startTelemetry({ service: 'billing' });
const config = loadBillingConfig(process.env);
const log = createLogger({ service: 'billing', level: config.LOG_LEVEL });
const db = await openDb(config.DATABASE_URL, { schema: 'billing', migrations: billingMigrations, migrate: migrateOptionOf(config.MIGRATIONS) });
if (config.MIGRATIONS === 'only') await exitAfterMigrating(db, log, 'billing');
const bus = await connectNatsBus(config.NATS_URL, { name: 'billing', ...natsBusOptionsOf(config), log });
const billing = await startBilling({ db, bus, log, config });
const health = await startHealthServer({
  log,
  service: 'billing',
  port: config.HEALTH_PORT,
  checks: { db: () => isDbReady(db), bus: () => bus.isReady() },
});
onShutdown(log, [() => health.close(), () => billing.stop(), () => bus.drain(), () => db.destroy(), () => telemetry.shutdown()]);
