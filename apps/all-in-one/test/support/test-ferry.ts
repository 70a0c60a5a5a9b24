import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { createLogger } from '@ferry/service-kit';
import { freePort, startSmtpInbox, type SmtpInbox } from '@ferry/testing';
import knex, { type Knex } from 'knex';
import { startAllInOne, type RunningFerry } from '../../src/all-in-one';
import { ZAllInOneConfig } from '../../src/config';

export interface TestFerry {
  ferry: RunningFerry;
  /** `…/api/v1` of the gateway. */
  api: string;
  inbox: SmtpInbox;
  /** The launcher's DATA_DIR (local storage keeps objects under `objects/<bucket>/objects/<key>`). */
  dataDir: string;
  /** A small pool on the suite's database (no search path: name the schema, `transfers.file_requests`). */
  db: Knex;
  /** A small pool on one service's schema of the suite's database (closed by `stop`). */
  schema(name: string): Knex;
  stop(): Promise<void>;
}

/**
 * Every service in one process on the suite's own test database, its own ports and a real SMTP
 * server. The client address comes through one trusted proxy hop (X-Forwarded-For), as behind a
 * load balancer.
 */
export async function startTestFerry(name: string, env: Record<string, string> = {}): Promise<TestFerry> {
  const dataDir = mkdtempSync(join(tmpdir(), `ferry-${name}-`));
  const database: TestDatabase = await createTestDatabase(name);
  const inbox = await startSmtpInbox();
  const [port, storagePort] = await Promise.all([freePort(), freePort()]);
  const settings: Record<string, string> = { TRUST_PROXY_HOPS: '1', ...env };
  // The services read these from the environment the launcher passes on.
  for (const [key, value] of Object.entries(settings)) process.env[key] = value;
  const config = ZAllInOneConfig.parse({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SMTP_URL: inbox.url,
    STORAGE_PORT: String(storagePort),
    STORAGE_PUBLIC_URL: `http://127.0.0.1:${storagePort}`,
    LOG_LEVEL: 'warn',
  });
  const ferry = await startAllInOne(config, createLogger({ service: 'ferry-test', level: 'warn' }));
  const db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } });
  const pools: Knex[] = [db];
  return {
    ferry,
    api: `${ferry.url}/api/v1`,
    inbox,
    dataDir,
    db,
    schema(schemaName: string) {
      const pool = knex({ client: 'pg', connection: database.url, searchPath: [schemaName], pool: { min: 0, max: 2 } });
      pools.push(pool);
      return pool;
    },
    async stop() {
      for (const key of Object.keys(settings)) delete process.env[key];
      await Promise.all(pools.map((pool) => pool.destroy()));
      await ferry.stop();
      await inbox.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
