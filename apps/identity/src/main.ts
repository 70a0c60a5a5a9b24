import { connectNatsBus } from '@ferry/bus';
import { isDbReady, openDb } from '@ferry/db';
import { createLogger, startTelemetry, onShutdown, startHealthServer, natsBusOptionsOf, migrateOptionOf, exitAfterMigrating } from '@ferry/service-kit';
import { loadIdentityConfig } from './config';
import { startIdentity } from './identity.service';
import { identityMigrations } from './store/migrations';

const telemetry = startTelemetry({ service: 'identity' });
const config = loadIdentityConfig(process.env);
const log = createLogger({ service: 'identity', level: config.LOG_LEVEL });
const db = await openDb(config.DATABASE_URL, { schema: 'identity', migrations: identityMigrations, migrate: migrateOptionOf(config.MIGRATIONS) });
if (config.MIGRATIONS === 'only') await exitAfterMigrating(db, log, 'identity');
const bus = await connectNatsBus(config.NATS_URL, { name: 'identity', ...natsBusOptionsOf(config), log, sealKey: config.EVENT_SEAL_KEY, sealKeyPrevious: config.EVENT_SEAL_KEY_PREVIOUS });
const identity = await startIdentity({ db, bus, log, config });
const health = await startHealthServer({
  log,
  service: 'identity',
  port: config.HEALTH_PORT,
  checks: { db: () => isDbReady(db), bus: () => bus.isReady() },
});
// The relay stops first (unsent events stay in the outbox for the next start), then handlers in flight finish.
onShutdown(log, [() => health.close(), () => identity.stop(), () => bus.drain(), () => db.destroy(), () => telemetry.shutdown()]);
