import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { connectNatsBus, createInProcessBus, type Bus } from '@ferry/bus';
import { loadBillingConfig, billingMigrations, startBilling } from '@ferry/billing';
import { openDb, type Knex } from '@ferry/db';
import { loadGatewayConfig, startGateway } from '@ferry/gateway';
import { loadGeoConfig, startGeo } from '@ferry/geo';
import { identityMigrations, loadIdentityConfig, startIdentity } from '@ferry/identity';
import { loadMailConfig, mailMigrations, startMail } from '@ferry/mail';
import { loadNotificationsConfig, notificationsMigrations, startNotifications } from '@ferry/notifications';
import { loadStorageConfig, startStorage, storageMigrations } from '@ferry/storage-credentials';
import { loadTransfersConfig, startTransfers, transfersMigrations } from '@ferry/transfers';
import type { Logger } from '@ferry/service-kit';
import type { AllInOneConfig } from './config';
import { startEmbeddedPostgres } from './embedded-postgres';
import { startMailInbox } from './mail-inbox';
import { loadOrCreateSecret } from './secrets';

export interface RunningFerry {
  url: string;
  inboxUrl: string | null;
  /** Where browsers send and fetch bytes (the local driver's endpoints). */
  storageUrl: string;
  databaseUrl: string;
  bus: 'nats' | 'in-process';
  /** Calls a service as an operator command would (ferry-admin), for tests. */
  rpc: Pick<Bus, 'request'>;
  /** Runs the periodic jobs now: the transfers' expiry sweep and storage's lifecycle. */
  runJobs(): Promise<void>;
  /** Stops in reverse order of start: HTTP, relays, mail, the bus (in-flight handlers finish), pools, inbox, Postgres. */
  stop(): Promise<void>;
}

/** Every service in one process, on embedded defaults unless the environment names real ones. */
export async function startAllInOne(config: AllInOneConfig, log: Logger): Promise<RunningFerry> {
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => log.error({ err: error }, 'stop failed'));
  };
  try {
    const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    const secret = config.AUTH_JWT_SECRET ?? loadOrCreateSecret(config.DATA_DIR, 'auth-jwt-secret');
    const sealKey = config.EVENT_SEAL_KEY ?? loadOrCreateSecret(config.DATA_DIR, 'event-seal-key');

    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      const pg = await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_PG_PORT, log);
      stops.push(pg.stop);
      databaseUrl = pg.url;
    }

    let smtpUrl = config.SMTP_URL;
    let inboxUrl: string | null = null;
    if (!smtpUrl) {
      const inbox = await startMailInbox(config.MAIL_INBOX_SMTP_PORT, config.MAIL_INBOX_WEB_PORT, config.DATA_DIR);
      stops.push(inbox.stop);
      smtpUrl = inbox.smtpUrl;
      inboxUrl = inbox.webUrl;
    }


    const webDistDir = existsSync(join(config.WEB_DIST_DIR, 'index.html')) ? config.WEB_DIST_DIR : null;
    const storageUrl = config.STORAGE_PUBLIC_URL ?? `http://localhost:${config.STORAGE_PORT}`;
    const storageSecret = config.STORAGE_URL_SECRET ?? loadOrCreateSecret(config.DATA_DIR, 'storage-url-secret');
    const masterKey = config.STORAGE_MASTER_KEY ?? createHash('sha256').update(loadOrCreateSecret(config.DATA_DIR, 'storage-master-key')).digest('hex');
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NATS_URL: config.NATS_URL ?? 'nats://127.0.0.1:4222',
      SMTP_URL: smtpUrl,
      AUTH_JWT_SECRET: secret,
      EVENT_SEAL_KEY: sealKey,
      PUBLIC_URL: publicUrl,
      PORT: String(config.PORT),
      HOST: config.HOST,
      LOG_LEVEL: config.LOG_LEVEL,
      STORAGE_PUBLIC_URL: storageUrl,
      STORAGE_URL_SECRET: storageSecret,
      STORAGE_MASTER_KEY: masterKey,
      DATA_DIR: config.DATA_DIR,
      WEB_STORAGE_ORIGINS: process.env['WEB_STORAGE_ORIGINS'] ?? new URL(storageUrl).origin,
      ...(webDistDir ? { WEB_DIST_DIR: webDistDir } : {}),
    };
    const dbs: Knex[] = [];
    stops.push(async () => {
      await Promise.all(dbs.map((db) => db.destroy()));
    });
    // Registered after the pools so that it runs before them: handlers in flight finish first.
    const bus: Bus = config.NATS_URL
      ? await connectNatsBus(config.NATS_URL, { name: 'ferry-all-in-one', prefix: config.NATS_PREFIX, log, sealKey, sealKeyPrevious: config.EVENT_SEAL_KEY_PREVIOUS })
      : createInProcessBus({ log });
    stops.push(() => bus.drain());

    // Consumers first, so the in-process bus has them before any event is relayed.
    const mailDb = await openDb(databaseUrl, { schema: 'mail', migrations: mailMigrations });
    dbs.push(mailDb);
    const mail = await startMail({ db: mailDb, bus, log: log.child({ service: 'mail' }), config: loadMailConfig(env) });
    stops.push(mail.stop);

    const notificationsDb = await openDb(databaseUrl, { schema: 'notifications', migrations: notificationsMigrations });
    dbs.push(notificationsDb);
    const notifications = await startNotifications({ db: notificationsDb, bus, log: log.child({ service: 'notifications' }), config: loadNotificationsConfig(env) });
    stops.push(notifications.stop);

    const identityDb = await openDb(databaseUrl, { schema: 'identity', migrations: identityMigrations });
    dbs.push(identityDb);
    const identity = await startIdentity({ db: identityDb, bus, log: log.child({ service: 'identity' }), config: loadIdentityConfig(env) });
    stops.push(identity.stop);

    const billingDb = await openDb(databaseUrl, { schema: 'billing', migrations: billingMigrations });
    dbs.push(billingDb);
    const billing = await startBilling({ db: billingDb, bus, log: log.child({ service: 'billing' }), config: loadBillingConfig(env) });
    stops.push(billing.stop);

    const storageDb = await openDb(databaseUrl, { schema: 'storage', migrations: storageMigrations });
    dbs.push(storageDb);
    const storage = await startStorage({
      db: storageDb,
      bus,
      log: log.child({ service: 'storage-credentials' }),
      config: loadStorageConfig({ ...env, PORT: String(config.STORAGE_PORT) }),
    });
    stops.push(storage.stop);

    const geo = await startGeo({ bus, log: log.child({ service: 'geo' }), config: loadGeoConfig(env) });
    stops.push(geo.stop);

    const transfersDb = await openDb(databaseUrl, { schema: 'transfers', migrations: transfersMigrations });
    dbs.push(transfersDb);
    const transfers = await startTransfers({ db: transfersDb, bus, log: log.child({ service: 'transfers' }), config: loadTransfersConfig(env) });
    stops.push(transfers.stop);

    const gateway = await startGateway({
      bus,
      log: log.child({ service: 'gateway' }),
      config: loadGatewayConfig(env),
      extend: (app) => {
        if (webDistDir) return;
        app.get('/', (_req, res) => {
          res.json({ name: 'Ferry', api: `${publicUrl}/api/v1`, docs: `${publicUrl}/api/docs`, inbox: inboxUrl, web: 'not built: run `npx nx build web`' });
        });
      },
    });
    stops.push(gateway.stop);

    return {
      url: publicUrl,
      inboxUrl,
      storageUrl,
      databaseUrl,
      bus: config.NATS_URL ? 'nats' : 'in-process',
      rpc: bus,
      async runJobs() {
        await transfers.sweep();
        await storage.runLifecycle();
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
