import { connectNatsBus } from '@ferry/bus';
import { isDbReady, openDb } from '@ferry/db';
import { createLogger, startTelemetry, onShutdown, startHealthServer, natsBusOptionsOf, migrateOptionOf, exitAfterMigrating } from '@ferry/service-kit';
import { loadStorageConfig } from './config';
import { startStorage } from './storage.service';
import { storageMigrations } from './store/migrations';

const telemetry = startTelemetry({ service: 'storage-credentials' });
const config = loadStorageConfig(process.env);
const log = createLogger({ service: 'storage-credentials', level: config.LOG_LEVEL });
const db = await openDb(config.DATABASE_URL, { schema: 'storage', migrations: storageMigrations, migrate: migrateOptionOf(config.MIGRATIONS) });
if (config.MIGRATIONS === 'only') await exitAfterMigrating(db, log, 'storage');
const bus = await connectNatsBus(config.NATS_URL, { name: 'storage-credentials', ...natsBusOptionsOf(config), log });
const storage = await startStorage({ db, bus, log, config });
const ops = await startHealthServer({ log, service: 'storage-credentials', port: config.OPS_PORT, checks: { db: () => isDbReady(db), bus: () => bus.isReady() } });
onShutdown(log, [() => storage.stop(), () => ops.close(), () => bus.drain(), () => db.destroy(), () => telemetry.shutdown()]);
