/**
 * The dashboard's list and counts queries for the largest user of a seeded database, and the
 * delay from a public download to its notification, through the real services and bus.
 * See README.md in this folder.
 *
 *   npx tsx tools/bench/transfers/transfers-bench.ts [--transfers 1000000] [--users 10000] [--nats]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connectNatsBus, createInProcessBus, type Bus } from '@ferry/bus';
import { handle } from '@ferry/bus/testing';
import {
  NOTIFICATION_CREATED,
  STORAGE_RPC,
  TRANSFER_DOWNLOADED,
  TRANSFERS_RPC,
  type TAccessClaims,
  type TTransferCounts,
  type TTransferListQuery,
} from '@ferry/contracts';
import { openDb, type Knex } from '@ferry/db';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { loadGeoConfig, startGeo } from '@ferry/geo';
import { loadNotificationsConfig, notificationsMigrations, startNotifications } from '@ferry/notifications';
import { createLogger } from '@ferry/service-kit';
import { loadTransfersConfig, startTransfers, transfersMigrations } from '@ferry/transfers';
import { formatTable, ms, summarize, type LatencySummary } from './latency-stats';
import { SEARCH_HIT, SEARCH_MISS, seedDownloadTargets, seededUserId, seedTransfers, type DownloadTarget } from './seed-transfers';
import { startStatementTimer, type ListStatement, type TimedStatement } from './statement-timer';

const LIST_TARGET_MS = 20;
const NOTIFY_TARGET_MS = 1_000;
const WARM_UP_CALLS = 20;
/** A variant over its time budget still gets this many measured calls. */
const MIN_CALLS = 20;
/** How long one download may wait for its notification before the run fails. */
const NOTIFY_TIMEOUT_MS = 15_000;
/** Public addresses the bundled geo database places, and one it cannot (documentation range). */
const CLIENT_IPS = ['94.200.0.1', '81.2.69.142', '1.2.4.8', '2a00:1450:4001::1', '203.0.113.9'];

const { values: argv } = parseArgs({
  options: {
    transfers: { type: 'string', default: '1000000' },
    users: { type: 'string', default: '10000' },
    /** Transfers of the largest user; 2% of --transfers by default. */
    largest: { type: 'string' },
    /** Measured calls per list variant. */
    calls: { type: 'string', default: '200' },
    /** Measured downloads in the notification phase. */
    downloads: { type: 'string', default: '200' },
    /** Also run everything over NATS: a private nats-server, or --nats-url. */
    nats: { type: 'boolean', default: false },
    'nats-url': { type: 'string' },
    /** Print explain (analyze, buffers) of every list variant, not only of those that miss. */
    explain: { type: 'boolean', default: false },
    /** Seconds one list variant may take before it stops short of --calls (slow variants). */
    'budget-s': { type: 'string', default: '30' },
    /** Leave the seeded database in place (its name is printed) for explain sessions in psql. */
    'keep-db': { type: 'boolean', default: false },
  },
});
const positiveInt = (name: string, value: string | undefined): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer`);
  return n;
};
const TRANSFERS = positiveInt('transfers', argv.transfers);
const USERS = positiveInt('users', argv.users);
const LARGEST = argv.largest === undefined ? Math.max(1, Math.round(TRANSFERS * 0.02)) : positiveInt('largest', argv.largest);
const CALLS = positiveInt('calls', argv.calls);
const DOWNLOADS = positiveInt('downloads', argv.downloads);
const BUDGET_MS = positiveInt('budget-s', argv['budget-s']) * 1_000;
if (LARGEST >= TRANSFERS) throw new Error('--largest must be below --transfers');
if (USERS < 10) throw new Error('--users must be at least 10 (teams of 10)');

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const log = (message: string) => console.log(`[bench] ${message}`);
const count = (n: number) => n.toLocaleString('en-US');

// ---------------------------------------------------------------------------------------------
// Cleanup, also on Ctrl-C

const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of [...cleanups].reverse()) await step().catch((error: unknown) => console.error('[bench] cleanup step failed:', error));
  })();
  return cleaning;
}
/** Set once the database exists: on Ctrl-C it goes first, which also ends a seed in progress. */
let dropDatabaseNow: (() => Promise<void>) | undefined;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    console.error(`[bench] ${signal}: stopping and cleaning up`);
    void (async () => {
      if (!argv['keep-db']) await dropDatabaseNow?.().catch((error: unknown) => console.error('[bench] dropping the database failed:', error));
      await cleanup();
    })().finally(() => process.exit(130));
  });
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

const tcpOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** A private nats-server with JetStream in a temporary folder, stopped at cleanup. */
async function startPrivateNats(): Promise<string> {
  if (spawnSync('nats-server', ['--version']).status !== 0) throw new Error('--nats needs nats-server on the PATH (or --nats-url)');
  const dir = await mkdtemp(join(tmpdir(), 'ferry-transfers-bench-nats-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const port = await freePort();
  const out = createWriteStream(join(dir, 'nats.log'));
  const child: ChildProcess = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', join(dir, 'store')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    out.end();
  });
  const deadline = Date.now() + 15_000;
  while (!(await tcpOpen(port))) {
    if (child.exitCode !== null) throw new Error(`nats-server exited with ${child.exitCode}; see ${dir}/nats.log`);
    if (Date.now() > deadline) throw new Error('nats-server did not open its port in 15 s');
    await sleep(100);
  }
  return `nats://127.0.0.1:${port}`;
}

// ---------------------------------------------------------------------------------------------
// The services under test

interface Stack {
  transport: string;
  /** The bus the bench calls and observes through (its own connection on NATS). */
  client: Bus;
  /** Idempotent: the run's end and Ctrl-C may both call it. */
  stop: () => Promise<void>;
}

interface StackDeps {
  transfersDb: Knex;
  notificationsDb: Knex;
  databaseUrl: string;
}

const serviceLog = createLogger({ service: 'transfers-bench', level: 'warn' });

/**
 * Storage is not what is measured: a stand-in signs download URLs on the bus.
 * Transfers, notifications and geo are the real services.
 */
async function startStack(transport: 'in-process' | 'nats', deps: StackDeps, natsUrl?: string): Promise<Stack> {
  const sealKey = randomBytes(32).toString('hex');
  const inProcess = transport === 'in-process' ? createInProcessBus({ log: serviceLog }) : null;
  const buses: Bus[] = inProcess ? [inProcess] : [];
  /** One bus for everything in-process; on NATS a connection per service, as in production. */
  const connect = async (name: string): Promise<Bus> => {
    if (inProcess) return inProcess;
    const bus = await connectNatsBus(natsUrl as string, { name: `bench-${name}`, log: serviceLog, sealKey });
    buses.push(bus);
    return bus;
  };
  const storageBus = await connect('storage');
  await storageBus.serve('storage', [
    handle(STORAGE_RPC.signDownload, async ({ fileId }) => ({ url: `http://storage.invalid/objects/${fileId}`, expiresAt: new Date(Date.now() + 600_000).toISOString() })),
  ]);
  const geo = await startGeo({ bus: await connect('geo'), log: serviceLog, config: loadGeoConfig({}) });
  const transfersConfig = loadTransfersConfig({
    DATABASE_URL: deps.databaseUrl,
    EVENT_SEAL_KEY: sealKey,
    // The sweep would offer extensions on (and purge) seeded rows while the bench measures.
    EXPIRY_SWEEP_INTERVAL_MS: String(24 * 3_600_000),
  });
  const transfers = await startTransfers({ db: deps.transfersDb, bus: await connect('transfers'), log: serviceLog, config: transfersConfig });
  const notifications = await startNotifications({
    db: deps.notificationsDb,
    bus: await connect('notifications'),
    log: serviceLog,
    config: loadNotificationsConfig({ DATABASE_URL: deps.databaseUrl }),
  });
  const client = await connect('client');
  let stopping: Promise<void> | undefined;
  return {
    transport,
    client,
    stop: () =>
      (stopping ??= (async () => {
        await transfers.stop();
        await notifications.stop();
        await geo.stop();
        for (const bus of buses) await bus.drain();
      })()),
  };
}

// ---------------------------------------------------------------------------------------------
// Phase 1: the dashboard list

interface ListVariant {
  name: string;
  query: TTransferListQuery;
}

const defaultQuery: TTransferListQuery = { filter: 'all', skip: 0, limit: 30, sort: '-lastModified' };
const LIST_VARIANTS: ListVariant[] = [
  { name: 'list: all, page 1 (30, newest first)', query: defaultQuery },
  { name: 'list: filter active', query: { ...defaultQuery, filter: 'active' } },
  { name: `list: search "${SEARCH_HIT}" (~5% of rows)`, query: { ...defaultQuery, search: SEARCH_HIT } },
  { name: `list: search "${SEARCH_MISS}" (no match)`, query: { ...defaultQuery, search: SEARCH_MISS } },
  { name: 'list: deep page (skip 5,000)', query: { ...defaultQuery, skip: 5_000 } },
  { name: 'list: filter shared', query: { ...defaultQuery, filter: 'shared' } },
  { name: 'list: limit 1 (~ counts alone)', query: { ...defaultQuery, limit: 1 } },
];

interface ListResult {
  variant: ListVariant;
  rpc: LatencySummary;
  statements: Partial<Record<ListStatement, LatencySummary>>;
  /** The statements of the last measured call, for explain. */
  lastStatements: TimedStatement[];
  items: number;
  counts: TTransferCounts;
}

async function measureList(stack: Stack, transfersDb: Knex, caller: TAccessClaims): Promise<ListResult[]> {
  const timer = startStatementTimer(transfersDb);
  const results: ListResult[] = [];
  try {
    for (const variant of LIST_VARIANTS) {
      const call = () => stack.client.request(TRANSFERS_RPC.list, { caller, query: variant.query }, { timeoutMs: 30_000 });
      const warmUpEnds = performance.now() + BUDGET_MS / 5;
      for (let i = 0; i < WARM_UP_CALLS && (i < 3 || performance.now() < warmUpEnds); i += 1) await call();
      timer.take();
      const rpc: number[] = [];
      const statements: Partial<Record<ListStatement, number[]>> = {};
      let lastStatements: TimedStatement[] = [];
      let last = await call();
      timer.take();
      const budgetEnds = performance.now() + BUDGET_MS;
      for (let i = 0; i < CALLS && (i < MIN_CALLS || performance.now() < budgetEnds); i += 1) {
        const started = performance.now();
        last = await call();
        rpc.push(performance.now() - started);
        lastStatements = timer.take();
        for (const statement of lastStatements) (statements[statement.kind] ??= []).push(statement.ms);
      }
      const summaries = Object.fromEntries(Object.entries(statements).map(([kind, samples]) => [kind, summarize(samples)]));
      const result: ListResult = { variant, rpc: summarize(rpc), statements: summaries, lastStatements, items: last.items.length, counts: last.counts };
      results.push(result);
      log(`  ${stack.transport} ${variant.name}: p50 ${ms(result.rpc.p50)} ms, p95 ${ms(result.rpc.p95)} ms (${result.items} items)`);
    }
  } finally {
    timer.stop();
  }
  return results;
}

/** The statement as knex sent it (`$n` placeholders), explained on a connection of the same pool. */
async function explainStatement(db: Knex, statement: TimedStatement): Promise<string> {
  const connection = (await db.client.acquireConnection()) as { query(sql: string, values: readonly unknown[]): Promise<{ rows: { 'QUERY PLAN': string }[] }> };
  try {
    const { rows } = await connection.query(`explain (analyze, buffers) ${statement.sql}`, statement.bindings);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await db.client.releaseConnection(connection);
  }
}

// ---------------------------------------------------------------------------------------------
// Phase 2: download -> notification

interface NotifyResult {
  reply: LatencySummary;
  downloaded: LatencySummary;
  created: LatencySummary;
  rowsFound: number;
}

async function measureNotifications(stack: Stack, notificationsDb: Knex, targets: DownloadTarget[]): Promise<NotifyResult> {
  const downloadedAt = new Map<string, (at: number) => void>();
  const createdAt = new Map<string, (at: number) => void>();
  const observers = [
    await stack.client.observe(TRANSFER_DOWNLOADED, (event) => downloadedAt.get(event.slug)?.(performance.now())),
    await stack.client.observe(NOTIFICATION_CREATED, (event) => createdAt.get(event.notification.slug)?.(performance.now())),
  ];
  const waitFor = (waiters: Map<string, (at: number) => void>, slug: string, what: string) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${stack.transport}: no ${what} for ${slug} within ${NOTIFY_TIMEOUT_MS} ms`)), NOTIFY_TIMEOUT_MS);
      waiters.set(slug, (at) => {
        clearTimeout(timer);
        waiters.delete(slug);
        resolve(at);
      });
    });
  const samples = { reply: [] as number[], downloaded: [] as number[], created: [] as number[] };
  const startedAt = new Date();
  try {
    for (let i = 0; i < WARM_UP_CALLS + DOWNLOADS; i += 1) {
      const target = targets[i % targets.length] as DownloadTarget;
      const downloaded = waitFor(downloadedAt, target.slug, 'evt.transfer.downloaded');
      const created = waitFor(createdAt, target.slug, 'evt.notification.created');
      const started = performance.now();
      await stack.client.request(TRANSFERS_RPC.publicDownload, {
        slug: target.slug,
        client: { ip: CLIENT_IPS[i % CLIENT_IPS.length] as string },
        body: { fileId: target.fileId },
      });
      const replied = performance.now();
      const [downloadedMs, createdMs] = await Promise.all([downloaded, created]);
      if (i < WARM_UP_CALLS) continue;
      samples.reply.push(replied - started);
      samples.downloaded.push(downloadedMs - started);
      samples.created.push(createdMs - started);
    }
  } finally {
    for (const observer of observers) await observer.stop();
  }
  const [row] = await notificationsDb('notifications')
    .whereIn(
      'slug',
      targets.map((t) => t.slug),
    )
    .where('created_at', '>=', startedAt)
    .count<{ n: string }[]>({ n: '*' });
  return {
    reply: summarize(samples.reply),
    downloaded: summarize(samples.downloaded),
    created: summarize(samples.created),
    rowsFound: Number(row?.n ?? 0),
  };
}

// ---------------------------------------------------------------------------------------------

interface Row {
  transport: string;
  measurement: string;
  summary: LatencySummary;
  /** Null: shown for the breakdown, no target of its own. */
  targetMs: number | null;
}

async function main(): Promise<void> {
  const loadAtStart = loadavg();
  const database: TestDatabase = await createTestDatabase('bench_transfers');
  dropDatabaseNow = () => database.drop();
  cleanups.push(async () => {
    if (argv['keep-db']) log(`kept database ${database.url} (drop it with: psql -c 'drop database "${database.name}"')`);
    else await database.drop();
  });
  log(`database ${database.name}`);
  const transfersDb = await openDb(database.url, { schema: 'transfers', migrations: transfersMigrations });
  cleanups.push(() => transfersDb.destroy());
  const notificationsDb = await openDb(database.url, { schema: 'notifications', migrations: notificationsMigrations });
  cleanups.push(() => notificationsDb.destroy());

  log(`seeding ${count(TRANSFERS)} transfers over ${count(USERS)} users (largest user: ${count(LARGEST)})`);
  const seedStarted = performance.now();
  const seed = await seedTransfers(transfersDb, { transfers: TRANSFERS, users: USERS, largest: LARGEST }, log);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  log(`seeded in ${seedSeconds.toFixed(1)} s`);

  const largestId = await seededUserId(transfersDb, 0);
  const caller: TAccessClaims = { sub: largestId, email: 'user0@example.com', role: 'user', status: 'active', isTeamMember: false, parentAdminId: null, sid: 'bench-session', ver: 1 };
  const targets = await seedDownloadTargets(transfersDb, { count: WARM_UP_CALLS + DOWNLOADS, firstN: TRANSFERS + 1, senderId: largestId });
  const { rows: sizes } = await transfersDb.raw<{ rows: { name: string; size: string }[] }>(
    `select relname as name, pg_size_pretty(pg_total_relation_size(c.oid)) as size
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'transfers' and relname in ('transfers', 'transfer_files', 'transfer_recipients', 'downloads') order by relname`,
  );

  const transports: { name: 'in-process' | 'nats'; url?: string }[] = [{ name: 'in-process' }];
  if (argv.nats || argv['nats-url']) transports.push({ name: 'nats', url: argv['nats-url'] ?? (await startPrivateNats()) });

  const rows: Row[] = [];
  const listResults = new Map<string, ListResult[]>();
  for (const transport of transports) {
    log(`${transport.name}: starting transfers, notifications, geo and a storage stand-in${transport.url ? ` on ${transport.url}` : ''}`);
    const stack = await startStack(transport.name, { transfersDb, notificationsDb, databaseUrl: database.url }, transport.url);
    cleanups.push(stack.stop);
    try {
      log(`${transport.name}: ${LIST_VARIANTS.length} list variants x ${CALLS} calls (after ${WARM_UP_CALLS} warm-up calls each)`);
      const lists = await measureList(stack, transfersDb, caller);
      listResults.set(transport.name, lists);
      for (const result of lists) rows.push({ transport: transport.name, measurement: result.variant.name, summary: result.rpc, targetMs: LIST_TARGET_MS });
      log(`${transport.name}: ${DOWNLOADS} downloads, each waited for until its notification is announced`);
      const notify = await measureNotifications(stack, notificationsDb, targets);
      if (notify.rowsFound < DOWNLOADS) throw new Error(`${transport.name}: ${notify.rowsFound} notification rows for ${DOWNLOADS + WARM_UP_CALLS} downloads`);
      rows.push(
        { transport: transport.name, measurement: 'download -> evt.notification.created', summary: notify.created, targetMs: NOTIFY_TARGET_MS },
        { transport: transport.name, measurement: '  of which: publicDownload reply', summary: notify.reply, targetMs: null },
        { transport: transport.name, measurement: '  of which: -> evt.transfer.downloaded', summary: notify.downloaded, targetMs: null },
      );
    } finally {
      await stack.stop();
    }
  }

  // --- report ---
  const first = listResults.get('in-process') ?? [];
  const counts = first[0]?.counts;
  console.log('');
  console.log(`Transfers bench (${new Date().toISOString()}, Node ${process.version}, load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} at start, ${loadavg().map((l) => l.toFixed(2)).join(' ')} at end).`);
  console.log(
    `Seeded ${count(seed.rows.transfers)} transfers, ${count(seed.rows.transfer_files)} files, ${count(seed.rows.transfer_recipients)} recipients, ` +
      `${count(seed.rows.downloads)} downloads over ${count(USERS)} users in ${seedSeconds.toFixed(1)} s ` +
      `(${Object.entries(seed.seconds).map(([step, s]) => `${step} ${s.toFixed(1)} s`).join(', ')}).`,
  );
  console.log(`Sizes with indexes: ${sizes.map((s) => `${s.name} ${s.size}`).join(', ')}.`);
  if (counts) {
    console.log(
      `Largest user: ${count(LARGEST)} transfers seeded (+${count(targets.length)} for the download phase); the dashboard counts it sees: ` +
        `all ${count(counts.all)}, active ${count(counts.active)}, expired ${count(counts.expired)}, this month ${count(counts.thisMonthsTransfers)}, shared with it ${count(counts.shared)}.`,
    );
  }
  console.log(
    `Each list row: up to ${CALLS} sequential TRANSFERS_RPC.list calls for the largest user (fewer, at least ${MIN_CALLS}, when a variant runs past ${BUDGET_MS / 1000} s), ` +
      `after up to ${WARM_UP_CALLS} warm-up calls; the counts are part of every answer.`,
  );
  console.log(`Each download row: ${DOWNLOADS} sequential publicDownload calls, each from the call until evt.notification.created is seen on the bus.`);
  console.log('');
  console.log(
    formatTable<Row>(
      [
        { title: 'transport', align: 'left', value: (r) => r.transport },
        { title: 'measurement', align: 'left', value: (r) => r.measurement },
        { title: 'n', align: 'right', value: (r) => String(r.summary.count) },
        { title: 'p50 ms', align: 'right', value: (r) => ms(r.summary.p50) },
        { title: 'p95 ms', align: 'right', value: (r) => ms(r.summary.p95) },
        { title: 'p99 ms', align: 'right', value: (r) => ms(r.summary.p99) },
        { title: 'max ms', align: 'right', value: (r) => ms(r.summary.max) },
        { title: 'target', align: 'right', value: (r) => (r.targetMs === null ? '' : `p95 < ${count(r.targetMs)}`) },
        { title: 'result', align: 'left', value: (r) => (r.targetMs === null ? '' : r.summary.p95 < r.targetMs ? 'ok' : 'MISSED') },
      ],
      rows,
    ),
  );

  console.log('');
  console.log('SQL statements inside the in-process list calls (knex query -> response, ms; they run side by side on the pool):');
  const kinds: ListStatement[] = ['list', 'counts', 'recipients', 'downloads'];
  console.log(
    formatTable<ListResult>(
      [
        { title: 'variant', align: 'left', value: (r) => r.variant.name },
        ...kinds.flatMap((kind) => [
          { title: `${kind} p50`, align: 'right' as const, value: (r: ListResult) => (r.statements[kind] ? ms(r.statements[kind].p50) : '-') },
          { title: `${kind} p95`, align: 'right' as const, value: (r: ListResult) => (r.statements[kind] ? ms(r.statements[kind].p95) : '-') },
        ]),
      ],
      first,
    ),
  );

  const toExplain = first.filter((r) => argv.explain || r.rpc.p95 >= LIST_TARGET_MS);
  for (const result of toExplain) {
    for (const statement of result.lastStatements.filter((s) => s.kind === 'list' || s.kind === 'counts')) {
      console.log('');
      console.log(`explain (analyze, buffers): ${result.variant.name}, ${statement.kind} statement`);
      console.log(await explainStatement(transfersDb, statement));
    }
  }
}

try {
  await main();
} catch (error) {
  console.error('[bench] failed:', error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
process.exit(process.exitCode ?? 0);
