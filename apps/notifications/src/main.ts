import { connectNatsBus } from '@ferry/bus';
import { isDbReady, openDb } from '@ferry/db';
import { createLogger, startTelemetry, onShutdown, startHealthServer, natsBusOptionsOf, migrateOptionOf, exitAfterMigrating } from '@ferry/service-kit';
import { loadNotificationsConfig } from './config';
import { startNotifications } from './notifications.service';
import { notificationsMigrations } from './store/notifications.migrations';

const telemetry = startTelemetry({ service: 'notifications' });
const config = loadNotificationsConfig(process.env);
const log = createLogger({ service: 'notifications', level: config.LOG_LEVEL });
const db = await openDb(config.DATABASE_URL, { schema: 'notifications', migrations: notificationsMigrations, migrate: migrateOptionOf(config.MIGRATIONS) });
if (config.MIGRATIONS === 'only') await exitAfterMigrating(db, log, 'notifications');
const bus = await connectNatsBus(config.NATS_URL, { name: 'notifications', ...natsBusOptionsOf(config), log });
const notifications = await startNotifications({ db, bus, log, config });
const health = await startHealthServer({
  log,
  service: 'notifications',
  port: config.HEALTH_PORT,
  checks: { db: () => isDbReady(db), bus: () => bus.isReady() },
});
// The relay stops first (unsent events stay in the outbox for the next start), then handlers in flight finish.
onShutdown(log, [() => health.close(), () => notifications.stop(), () => bus.drain(), () => db.destroy(), () => telemetry.shutdown()]);
