import { connectNatsBus } from '@ferry/bus';
import { isDbReady, openDb } from '@ferry/db';
import { createLogger, initTelemetry, onShutdown, startHealthServer } from '@ferry/service-kit';
import { loadIdentityConfig } from './config';
import { startIdentity } from './identity.service';
import { identityMigrations } from './store/migrations';

initTelemetry();
const config = loadIdentityConfig(process.env);
const log = createLogger({ service: 'identity', level: config.LOG_LEVEL });
const db = await openDb(config.DATABASE_URL, { schema: 'identity', migrations: identityMigrations });
const bus = await connectNatsBus(config.NATS_URL, { name: 'identity', prefix: config.NATS_PREFIX, log, sealKey: config.EVENT_SEAL_KEY });
const identity = await startIdentity({ db, bus, log, config });
const health = await startHealthServer({
  log,
  service: 'identity',
  port: config.HEALTH_PORT,
  checks: { db: () => isDbReady(db), bus: () => bus.isReady() },
});
// The relay stops first (unsent events stay in the outbox for the next start), then handlers in flight finish.
onShutdown(log, [() => health.close(), () => identity.stop(), () => bus.drain(), () => db.destroy()]);
