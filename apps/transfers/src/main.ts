import { connectNatsBus } from '@ferry/bus';
import { isDbReady, openDb } from '@ferry/db';
import { createLogger, startTelemetry, onShutdown, startHealthServer, natsBusOptionsOf, migrateOptionOf, exitAfterMigrating } from '@ferry/service-kit';
import { loadTransfersConfig } from './config';
import { startTransfers } from './transfers.service';
import { transfersMigrations } from './store/migrations';

const telemetry = startTelemetry({ service: 'transfers' });
const config = loadTransfersConfig(process.env);
const log = createLogger({ service: 'transfers', level: config.LOG_LEVEL });
const db = await openDb(config.DATABASE_URL, { schema: 'transfers', migrations: transfersMigrations, migrate: migrateOptionOf(config.MIGRATIONS) });
if (config.MIGRATIONS === 'only') await exitAfterMigrating(db, log, 'transfers');
const bus = await connectNatsBus(config.NATS_URL, { name: 'transfers', ...natsBusOptionsOf(config), log, sealKey: config.EVENT_SEAL_KEY, sealKeyPrevious: config.EVENT_SEAL_KEY_PREVIOUS });
const transfers = await startTransfers({ db, bus, log, config });
const health = await startHealthServer({
  log,
  service: 'transfers',
  port: config.HEALTH_PORT,
  checks: { db: () => isDbReady(db), bus: () => bus.isReady() },
});
// The relay stops first (unsent events stay in the outbox for the next start), then handlers in flight finish.
onShutdown(log, [() => health.close(), () => transfers.stop(), () => bus.drain(), () => db.destroy(), () => telemetry.shutdown()]);
