import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { WORKSPACE_ROOT } from '@ferry/testing';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

const ROLES = ['identity', 'mail', 'notifications', 'transfers', 'storage', 'billing'];

/** The roles script k8s runs (k8s/base/db-roles.yaml), run here with psql as the admin. */
function runRolesScript(db: TestDatabase): void {
  const docs = parseAllDocuments(readFileSync(resolve(WORKSPACE_ROOT, 'k8s/base/db-roles.yaml'), 'utf8')).map((doc) => doc.toJSON() as { kind: string; data?: Record<string, string> });
  const dir = mkdtempSync(join(tmpdir(), 'ferry-roles-'));
  try {
    writeFileSync(join(dir, 'roles.sql'), docs.find((doc) => doc.kind === 'ConfigMap')!.data!['roles.sql']!);
    const passwords = ROLES.flatMap((role) => ['-v', `${role}_password=pw-${role}`]);
    execFileSync('psql', [db.url, '-q', '-f', join(dir, 'roles.sql'), ...passwords], { stdio: 'pipe' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The database URL of one service's role. */
function urlAs(db: TestDatabase, role: string): string {
  const url = new URL(db.url);
  url.username = `ferry_${role}`;
  url.password = `pw-${role}`;
  return url.toString();
}

/** Runs a service's main with MIGRATIONS=only, the way its migrate Job does; resolves with the exit code and output. */
function migrateOnly(service: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(WORKSPACE_ROOT, `apps/${service}/src/main.ts`)], {
    cwd: WORKSPACE_ROOT,
    // No NATS here at all: a migrate run must exit before it connects.
    env: { PATH: process.env['PATH'] ?? '', NATS_URL: 'nats://127.0.0.1:1', LOG_LEVEL: 'info', MIGRATIONS: 'only', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  return new Promise((done) => child.once('exit', (code) => done({ code, output })));
}

describe('one database role per service, owning only its schema', () => {
  let db: TestDatabase;
  let asTransfers: Knex;
  const secrets = { AUTH_JWT_SECRET: randomBytes(32).toString('hex'), EVENT_SEAL_KEY: randomBytes(32).toString('hex') };

  beforeAll(async () => {
    db = await createTestDatabase('db_roles');
    runRolesScript(db);
    // Twice: a release runs it again over roles and schemas that exist.
    runRolesScript(db);
    asTransfers = knex({ client: 'pg', connection: urlAs(db, 'transfers'), pool: { min: 0, max: 2 } });
  });
  afterAll(async () => {
    await asTransfers?.destroy();
    await db?.drop();
  });

  it('when transfers, identity and billing migrate with MIGRATIONS=only as their own roles, then each exits 0 and owns its tables', async () => {
    const [transfers, identity, billing] = await Promise.all([
      migrateOnly('transfers', { ...secrets, DATABASE_URL: urlAs(db, 'transfers') }),
      migrateOnly('identity', { ...secrets, DATABASE_URL: urlAs(db, 'identity') }),
      migrateOnly('billing', { DATABASE_URL: urlAs(db, 'billing') }),
    ]);
    expect(transfers.code, transfers.output).toBe(0);
    expect(identity.code, identity.output).toBe(0);
    expect(billing.code, billing.output).toBe(0);
    const owners = await asTransfers.raw<{ rows: Array<{ schemaname: string; tableowner: string }> }>(
      "select distinct schemaname, tableowner from pg_tables where schemaname in ('transfers', 'identity', 'billing') order by schemaname",
    );
    expect(owners.rows).toEqual([
      { schemaname: 'billing', tableowner: 'ferry_billing' },
      { schemaname: 'identity', tableowner: 'ferry_identity' },
      { schemaname: 'transfers', tableowner: 'ferry_transfers' },
    ]);
  });

  it("when transfers' role reads identity's schema or makes a schema of its own, then Postgres refuses", async () => {
    await expect(asTransfers.raw('select * from identity.users limit 1')).rejects.toThrow(/permission denied for schema identity/);
    await expect(asTransfers.raw('create table identity.stolen (id int)')).rejects.toThrow(/permission denied for schema identity/);
    await expect(asTransfers.raw('create schema elsewhere')).rejects.toThrow(/permission denied for database/);
    await expect(asTransfers.raw('create table public.stray (id int)')).rejects.toThrow(/permission denied for schema public/);
    // Its own schema is its to use.
    await expect(asTransfers.raw('select count(*) from transfers.knex_migrations')).resolves.toBeDefined();
  });
});
