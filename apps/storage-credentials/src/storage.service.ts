import type { Knex } from 'knex';
import type { Bus } from '@ferry/bus';
import { isDbReady } from '@ferry/db';
import { addHealthRoutes, createHttpApp, finishHttpApp, listen, type Logger } from '@ferry/service-kit';
import type { StorageConfig } from './config';
import { createRegionTableFromConfig } from './drivers/create-region-table';
import { localByteRoutes } from './http/local-byte.routes';
import { removeStaleUploads } from './domain/lifecycle';
import { createObjectHasher } from './domain/object-hasher';
import { ensureSpeedTestObjects } from './domain/speed-test';
import type { StorageDeps } from './domain/storage.deps';
import { createTokenSigner } from './domain/token-signer';
import { storageHandlers } from './handlers/storage.handlers';
import { onAccountDeleted } from './events/on-account-deleted.consumer';
import { zipRoutes } from './http/zip.routes';
import { createObjectsStore } from './store/objects.store';
import { createSignedPartsStore } from './store/signed-parts.store';

export interface StartStorageOptions {
  /** A pool on the `storage` schema, migrated with `storageMigrations`. */
  db: Knex;
  bus: Bus;
  log: Logger;
  config: StorageConfig;
  /** The time; tests pass their own to expire grants. */
  clock?: () => Date;
}

export interface RunningStorage {
  /** The public origin of the byte endpoints and ZIP links. */
  url: string;
  port: number;
  deps: StorageDeps;
  /** Runs the lifecycle job now (it also runs every LIFECYCLE_INTERVAL_MS). */
  runLifecycle(): Promise<{ aborted: number }>;
  stop(): Promise<void>;
}

/** Serves every storage RPC on `bus`, and the byte endpoints, ZIP links and probes over HTTP. */
export async function startStorage(options: StartStorageOptions): Promise<RunningStorage> {
  const { db, bus, log, config } = options;
  const clock = options.clock ?? (() => new Date());
  const { regions, local } = await createRegionTableFromConfig(config, { now: () => clock().getTime() });
  const store = createObjectsStore(db);
  const hasher = createObjectHasher({ store, regions, log });
  const deps: StorageDeps = {
    store,
    signedParts: createSignedPartsStore(db),
    regions,
    tokens: createTokenSigner(`upload-tokens\n${config.STORAGE_URL_SECRET}`),
    hasher,
    rewrapLocalDataKeys: local && (() => local.store.rewrapDataKeys()),
    publicUrl: config.STORAGE_PUBLIC_URL,
    clock,
    log,
  };
  await ensureSpeedTestObjects(deps);

  const app = createHttpApp({ log, service: 'storage-credentials', helmet: { crossOriginResourcePolicy: false } });
  addHealthRoutes(app, { db: () => isDbReady(db), bus: () => bus.isReady() });
  if (local) app.use(localByteRoutes({ driver: local, urlSecret: Buffer.from(config.STORAGE_URL_SECRET), now: () => clock().getTime() }));
  app.use(zipRoutes(deps));
  finishHttpApp(app, { log });
  const server = await listen(app, config.PORT);

  await bus.serve('storage', storageHandlers(deps));
  await bus.consume([onAccountDeleted(deps, db)]);
  await hasher.catchUp();
  const maxAgeMs = config.INCOMPLETE_UPLOAD_MAX_AGE_DAYS * 24 * 3600_000;
  const runLifecycle = () => removeStaleUploads(deps, { maxAgeMs });
  const timer = setInterval(() => {
    runLifecycle().catch((error: unknown) => log.error({ err: error }, 'the lifecycle job failed'));
  }, config.LIFECYCLE_INTERVAL_MS);
  timer.unref();
  log.info({ port: server.port, publicUrl: config.STORAGE_PUBLIC_URL }, 'storage-credentials is serving');
  return {
    url: config.STORAGE_PUBLIC_URL,
    port: server.port,
    deps,
    runLifecycle,
    async stop() {
      clearInterval(timer);
      await hasher.stop();
      await server.close();
    },
  };
}
