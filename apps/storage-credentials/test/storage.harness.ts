import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { createInProcessBus, type Bus } from '@ferry/bus';
import type { RpcDef } from '@ferry/contracts';
import { openDb } from '@ferry/db';
import { createTestDatabase } from '@ferry/db/testing';
import { createLogger } from '@ferry/service-kit';
import { freePort } from '@ferry/testing';
import { loadStorageConfig, startStorage, storageMigrations, type RunningStorage, type StorageConfig } from '../src/index';

export interface StorageHarness {
  bus: Bus;
  db: Knex;
  config: StorageConfig;
  storage: RunningStorage;
  dataDir: string;
  now(): Date;
  advance(ms: number): void;
  call<TReq, TRes>(rpc: RpcDef<TReq, TRes>, request: TReq): Promise<TRes>;
  close(): Promise<void>;
}

/** The configuration of a test instance: fresh secrets, a free port, the local driver in `dataDir`; `env` overrides. */
export async function storageTestConfig(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): Promise<StorageConfig> {
  const port = await freePort();
  return loadStorageConfig({
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    STORAGE_PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    STORAGE_MASTER_KEY: randomBytes(32).toString('hex'),
    STORAGE_URL_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ...env,
  });
}

/** Boots storage-credentials in-process on its own database, a temporary data folder and the local driver. */
export async function bootStorage(suite: string, env: Record<string, string> = {}): Promise<StorageHarness> {
  const testDb = await createTestDatabase(`storage_${suite}`);
  const db = await openDb(testDb.url, { schema: 'storage', migrations: storageMigrations });
  const log = createLogger({ service: 'storage-credentials', level: 'silent' });
  const bus = createInProcessBus({ log });
  const dataDir = await mkdtemp(join(tmpdir(), `ferry-storage-${suite}-`));
  const config = await storageTestConfig(testDb.url, dataDir, env);
  let now = new Date();
  const storage = await startStorage({ db, bus, log, config, clock: () => now });
  return {
    bus,
    db,
    config,
    storage,
    dataDir,
    now: () => now,
    advance(ms) {
      now = new Date(now.getTime() + ms);
    },
    call: (rpc, request) => bus.request(rpc, request),
    async close() {
      await storage.stop();
      await bus.drain();
      await db.destroy();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends bytes to a presigned request the way a browser would: its method (PUT, or POST for a local part) and headers. */
export async function putBytes(request: { method?: string; url: string; headers: Record<string, string> }, body: Uint8Array): Promise<Response> {
  return fetch(request.url, { method: request.method ?? 'PUT', headers: request.headers, body });
}
