/**
 * Ferry's local storage path against a bare Node baseline doing the same work, on this machine:
 * upload (engine -> signed part URLs -> encrypted local driver, incl. completeUploads), download
 * (signed GET, decrypting), a ranged GET of the second half, a ZIP of several files, and the
 * storage process's peak RSS while it works. The storage process runs as production runs it:
 * the app's bundle, started with the Dockerfile's node flags (see storage-bundle.ts). See
 * README.md in this folder.
 *
 *   npx tsx tools/bench/upload/upload-bench.ts [--size-mib 2048] [--part-mib 64]
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomFillSync, createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, rmdir, stat } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { createConnection, createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { connectNatsBus, type Bus } from '@ferry/bus';
import { STORAGE_RPC } from '@ferry/contracts';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { createLogger } from '@ferry/service-kit';
import { uploadFile, type UploadApi } from '@ferry/upload-engine';
import { createFileCheckpointStore, fileSource } from '@ferry/upload-engine/node';
import { accessTokenOf, uploadThroughApi } from './first-upload-api';
import { startRssMonitor, type RssMonitor } from './rss-monitor';
import { productionStorage, sourceStorage, type StorageCommand } from './storage-bundle';
import { registerUser, startFerryProduct } from '@ferry/testing';
import { runFerryCli } from '../cli-run';
import { cpuTimesOf, freePageReporting, memoryWarmer } from '../proc-stat';

const MiB = 1024 * 1024;
const MB = 1e6;
const PARALLEL_PARTS = 4; // the engine's parallelism on the first try
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const HERE = fileURLToPath(new URL('.', import.meta.url));

const { values: argv } = parseArgs({
  options: {
    'size-mib': { type: 'string', default: '2048' },
    'part-mib': { type: 'string', default: '64' },
    'small-mib': { type: 'string', default: '256' },
    'zip-files': { type: 'string', default: '10' },
    'zip-mib': { type: 'string', default: '100' },
    /** Only the 2 GiB upload comparison (for trying part sizes). */
    'upload-only': { type: 'boolean', default: false },
    /** Writes a V8 CPU profile of the storage process into this folder (see profile-summary.ts). */
    'cpu-prof': { type: 'string' },
    /** Use this NATS instead of a private nats-server for the run. */
    'nats-url': { type: 'string' },
    /** Run storage-credentials from source with tsx (as the bench did before) instead of the production bundle. */
    'storage-from-source': { type: 'boolean', default: false },
    /** Start storage with `node --expose-gc`: the opt-in young-generation collections of buffer-reclaimer.ts. */
    'storage-expose-gc': { type: 'boolean', default: false },
    /** More node/V8 flags for the storage process, space-separated (e.g. "--single-threaded-gc"), to compare settings. */
    'storage-flags': { type: 'string', default: '' },
    /** Storage and the baseline server without the image's MALLOC_* settings (glibc's defaults), to compare. */
    'storage-glibc-defaults': { type: 'boolean', default: false },
    /** Also the real CLI (`ferry upload`, its bundle) through `npm start`'s product in each round, against the engine's upload of the same round, and the engine through the same product next to it (which splits the gap). */
    cli: { type: 'boolean', default: false },
    /** How many times the big upload runs on each side (baseline, then Ferry, and with --cli the CLI, each round); the median round is reported (the lower middle one for an even count). */
    rounds: { type: 'string', default: '5' },
  },
});
const positiveInt = (name: string, value: string | undefined): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer`);
  return n;
};
const BIG = positiveInt('size-mib', argv['size-mib']) * MiB;
const PART = positiveInt('part-mib', argv['part-mib']) * MiB;
const SMALL = positiveInt('small-mib', argv['small-mib']) * MiB;
const ZIP_FILES = positiveInt('zip-files', argv['zip-files']);
const ZIP_SIZE = positiveInt('zip-mib', argv['zip-mib']) * MiB;
const UPLOAD_ONLY = argv['upload-only'] ?? false;
const ROUNDS = positiveInt('rounds', argv.rounds);

const sizeLabel = (bytes: number) => (bytes % (1024 * MiB) === 0 ? `${bytes / (1024 * MiB)} GiB` : `${(bytes / MiB).toFixed(0)} MiB`);
const mbps = (bytes: number, seconds: number) => bytes / MB / seconds;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) => console.log(`[bench] ${message}`);

// ---------------------------------------------------------------------------------------------
// Processes and cleanup

const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) await step().catch((error: unknown) => console.error('[bench] cleanup step failed:', error));
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    console.error(`[bench] ${signal}: stopping and cleaning up`);
    void cleanup().finally(() => process.exit(130));
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

/** Starts a child and registers its SIGTERM (then SIGKILL) for cleanup. */
function startChild(name: string, command: string, args: string[], options: { env?: NodeJS.ProcessEnv; logFile: string }): ChildProcess {
  const out = createWriteStream(options.logFile);
  const child = spawn(command, args, { cwd: ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
    out.end();
  });
  child.once('exit', (code, signal) => {
    if (!cleaning) console.error(`[bench] ${name} exited early (${code ?? signal}); see ${options.logFile}`);
  });
  return child;
}

async function waitUntil(what: string, check: () => Promise<boolean>, child?: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what}: the process exited with ${child.exitCode}`);
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what}: not ready after ${timeoutMs} ms`);
}

const httpOk = (url: string) =>
  new Promise<boolean>((resolve) => {
    httpGet(url, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    }).on('error', () => resolve(false));
  });

const tcpOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** Flushes what earlier phases left dirty, so it is not written back during the next timed phase. */
function syncDisks(): void {
  spawnSync('sync');
}

// ---------------------------------------------------------------------------------------------
// Clients (the same for both sides)

/**
 * The download client: a fresh `node` process GETs the URL with node:http, counts the body's
 * bytes (discarding them) and reports them with its own timing, from request to last byte.
 * A separate process keeps the bench's own heap (64 MiB upload buffers) out of the figure.
 */
const DOWNLOAD_CLIENT = `
const [url, headers] = process.argv.slice(1);
const started = process.hrtime.bigint();
let bytes = 0;
require('node:http')
  .get(url, { agent: false, headers: JSON.parse(headers) }, (res) => {
    if (res.statusCode !== 200 && res.statusCode !== 206) {
      console.error('status ' + res.statusCode);
      process.exit(1);
    }
    res.on('data', (chunk) => { bytes += chunk.length; });
    res.on('end', () => process.stdout.write(JSON.stringify({ bytes, seconds: Number(process.hrtime.bigint() - started) / 1e9 })));
  })
  .on('error', (error) => { console.error(error.message); process.exit(1); });
`;

function downloadInChild(url: string, headers: Record<string, string>): Promise<{ bytes: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', DOWNLOAD_CLIENT, url, JSON.stringify(headers)], (error, stdout, stderr) => {
      if (error) reject(new Error(`download of ${url.split('?')[0]} failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as { bytes: number; seconds: number });
    });
  });
}

/** Generates incompressible bytes (and their SHA-256) into a file. */
async function generateFile(path: string, size: number): Promise<string> {
  const out = createWriteStream(path);
  const hash = createHash('sha256');
  const block = Buffer.allocUnsafe(16 * MiB);
  for (let written = 0; written < size; ) {
    const chunk = Buffer.from(randomFillSync(block).subarray(0, Math.min(block.length, size - written)));
    hash.update(chunk);
    written += chunk.length;
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => {
    out.once('error', reject);
    out.end(() => resolve());
  });
  return hash.digest('hex');
}

// ---------------------------------------------------------------------------------------------
// Measurements

interface Timed<T = void> {
  seconds: number;
  value: T;
  /** CPU seconds the storage process used during the phase (user + system). */
  storageCpu: number;
  /** Of which in the kernel (socket reads, file writes, page cache). */
  storageSystemCpu: number;
  /** CPU seconds the baseline server used during the phase (it only runs its own side's phases). */
  baselineCpu: number;
  /** CPU seconds this process (the uploads' client, and the RSS sampler's thread) used during the phase. */
  clientCpu: number;
  /** Peak RSS minus idle, bytes, per monitored process. */
  storageRss: number;
  /** Storage RSS minus idle when the phase started. */
  storageStart: number;
  baselineRss: number;
}

/** One timed `ferry upload` (--cli) and the engine's upload of the same round. */
interface CliRound {
  ms: number;
  productCpu: number;
  productKernel: number;
  cpuSeconds: number;
  peakRss: number;
  /** The engine's upload against the bench's storage in the same round. */
  engineSeconds: number;
  /** The engine (this process) through the same product in the same round, next to the CLI: what the CLI's own process costs, apart from the product. */
  viaProduct: { seconds: number; productCpu: number; clientCpu: number };
  /** CPU seconds of that upload: the bench's storage (incl. the SHA-256 wait after it) and the engine's process. */
  engineStorageCpu: number;
  engineClientCpu: number;
}

interface Row {
  phase: string;
  baseline: number | null;
  ferry: number | null;
  /** Null for a row that only explains another (no target of its own). */
  target: number | null;
  storageRss: number | null;
  baselineRss: number | null;
  note?: string;
}

const loadText = (load: number[]) => load.map((l) => l.toFixed(2)).join(' ');
const loadAtStart = loadavg();
const reportingAtStart = freePageReporting();

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'ferry-upload-bench-'));
  cleanups.push(() => rm(work, { recursive: true, force: true }));
  const dirs = { src: join(work, 'src'), data: join(work, 'storage-data'), baseline: join(work, 'baseline-data'), checkpoints: join(work, 'checkpoints'), nats: join(work, 'nats') };
  for (const dir of Object.values(dirs)) await mkdir(dir, { recursive: true });
  log(`work folder ${work}`);

  // Source files, generated once; they stay in the page cache for both sides.
  const files = { big: join(dirs.src, 'big.bin'), small: join(dirs.src, 'small.bin'), zip: join(dirs.src, 'zip-entry.bin') };
  let started = performance.now();
  const sha = {
    big: await generateFile(files.big, BIG),
    small: UPLOAD_ONLY ? '' : await generateFile(files.small, SMALL),
    zip: await generateFile(files.zip, ZIP_SIZE), // also the warm-up file
  };
  log(`generated test files in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // A private NATS, so no other storage-credentials instance on the shared one answers our RPCs.
  let natsUrl = argv['nats-url'];
  if (!natsUrl) {
    if (spawnSync('nats-server', ['--version']).status === 0) {
      const natsPort = await freePort();
      const nats = startChild('nats-server', 'nats-server', ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', dirs.nats], { logFile: join(work, 'nats.log') });
      await waitUntil('nats-server', () => tcpOpen(natsPort), nats);
      natsUrl = `nats://127.0.0.1:${natsPort}`;
    } else {
      natsUrl = process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222';
    }
  }
  log(`NATS ${natsUrl}`);

  const db: TestDatabase = await createTestDatabase('bench_upload');
  cleanups.push(() => db.drop());

  const storagePort = await freePort();
  const storageUrl = `http://127.0.0.1:${storagePort}`;
  let storageCommand: StorageCommand;
  if (argv['storage-from-source']) {
    storageCommand = sourceStorage();
  } else {
    // Under the repository's node_modules, so the bundle's third-party imports resolve; removed at the end.
    const bundleDir = join(ROOT, 'node_modules', '.cache', 'ferry-upload-bench', basename(work));
    cleanups.push(async () => {
      await rm(bundleDir, { recursive: true, force: true });
      await rmdir(dirname(bundleDir)).catch(() => undefined); // when no other run uses it
    });
    started = performance.now();
    storageCommand = await productionStorage(ROOT, bundleDir);
    log(`built the storage-credentials bundle in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const extraFlags = argv['storage-flags'].split(' ').filter(Boolean);
  if (argv['storage-glibc-defaults']) for (const name of Object.keys(storageCommand.env)) if (name.startsWith('MALLOC_')) delete storageCommand.env[name];
  const tuning = Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('MALLOC_') || name === 'UV_THREADPOOL_SIZE')) as Record<string, string>;
  // The baseline server runs under the same allocator settings as storage: the same machine, the same deployment.
  const baselineMalloc = Object.fromEntries(Object.entries({ ...storageCommand.env, ...tuning }).filter(([name]) => name.startsWith('MALLOC_')));
  if (argv['storage-glibc-defaults']) log('storage and the baseline server run with glibc\'s allocator defaults (--storage-glibc-defaults)');
  log(`storage-credentials: ${storageCommand.describe}${argv['storage-expose-gc'] ? ', with --expose-gc' : ''}${extraFlags.length > 0 ? `, with ${extraFlags.join(' ')}` : ''}`);
  const profileArgs = [...(argv['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${argv['cpu-prof']}`] : []), ...(argv['storage-expose-gc'] ? ['--expose-gc'] : []), ...extraFlags];
  const storage = startChild('storage-credentials', process.execPath, [...profileArgs, ...storageCommand.args], {
    logFile: join(work, 'storage.log'),
    env: {
      PATH: process.env['PATH'] ?? '',
      ...storageCommand.env,
      // glibc allocator settings (MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_, …) and libuv's UV_THREADPOOL_SIZE of the bench's environment reach the storage process over the image's, to compare settings.
      ...tuning,
      DATABASE_URL: db.url,
      NATS_URL: natsUrl,
      PORT: String(storagePort),
      STORAGE_PUBLIC_URL: storageUrl,
      DATA_DIR: dirs.data,
      STORAGE_MASTER_KEY: randomBytes(32).toString('hex'),
      STORAGE_URL_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
    },
  });
  const baselinePort = await freePort();
  const baselineUrl = `http://127.0.0.1:${baselinePort}`;
  const baselineEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('MALLOC_')));
  const baseline = startChild('baseline-server', process.execPath, ['--import', 'tsx', join(HERE, 'baseline-server.ts'), dirs.baseline, String(baselinePort)], {
    logFile: join(work, 'baseline.log'),
    env: { ...baselineEnv, ...baselineMalloc },
  });
  // A shared, busy machine can take minutes to start a process.
  await waitUntil('storage-credentials /readyz', () => httpOk(`${storageUrl}/readyz`), storage, 300_000);
  await waitUntil('baseline server', () => httpOk(`${baselineUrl}/readyz`), baseline);

  const bus: Bus = await connectNatsBus(natsUrl, { name: 'upload-bench', log: createLogger({ service: 'bench', level: 'warn' }) });
  cleanups.push(() => bus.drain());
  const api: UploadApi = {
    sign: (uploadToken, parts) => bus.request(STORAGE_RPC.signUpload, { uploadToken, parts }),
    listParts: async (uploadToken) => (await bus.request(STORAGE_RPC.listUploadParts, { uploadToken })).parts,
    abort: async (uploadToken) => {
      await bus.request(STORAGE_RPC.abortUpload, { uploadToken });
    },
  };

  const storagePid = storage.pid as number;
  const baselinePid = baseline.pid as number;
  const rss: RssMonitor = startRssMonitor([storagePid, baselinePid], 50);
  cleanups.push(() => rss.stop());
  await sleep(2000);
  const idle = { storage: await rss.settle(storagePid), baseline: await rss.settle(baselinePid) };
  log(`idle RSS before any work: storage ${(idle.storage / MB).toFixed(1)} MB, baseline server ${(idle.baseline / MB).toFixed(1)} MB`);
  // One small transfer each way before the measured phases: code loaded on first use, JIT and
  // heap growth then land here, once, instead of in whichever phase happens to come first.
  log(`warm-up: ${sizeLabel(ZIP_SIZE)} up and down through both sides (not timed)`);
  const warmId = await ferryUpload(files.zip, 'warm-up.bin');
  await ferryHashed(warmId, sha.zip);
  await download(await ferryDownloadUrl(warmId), ZIP_SIZE);
  await baselineUpload(files.zip, 'warm-up.bin');
  await download(`${baselineUrl}/files/warm-up.bin`, ZIP_SIZE);
  const afterWarmUp = rss.current(storagePid);

  /** Warms as much memory as the next timed upload writes (warmFreeMemory), and says so. */
  const warmer = memoryWarmer(log);
  const warmBefore = (phase: string, bytes: number) => warmer.before(phase, bytes);

  async function timed<T>(fn: () => Promise<T>): Promise<Timed<T>> {
    rss.resetPeaks();
    const storageStart = rss.current(storagePid) - idle.storage;
    const cpu0 = cpuTimesOf(storagePid);
    const base0 = cpuTimesOf(baselinePid);
    const client0 = process.cpuUsage();
    const t0 = performance.now();
    const value = await fn();
    const seconds = (performance.now() - t0) / 1000;
    const cpu1 = cpuTimesOf(storagePid);
    const base1 = cpuTimesOf(baselinePid);
    const storageCpu = cpu1.user + cpu1.system - cpu0.user - cpu0.system;
    const baselineCpu = base1.user + base1.system - base0.user - base0.system;
    const client = process.cpuUsage(client0);
    const clientCpu = (client.user + client.system) / 1e6;
    await sleep(120); // two more samples
    return { seconds, value, storageCpu, clientCpu, storageSystemCpu: cpu1.system - cpu0.system, baselineCpu, storageStart, storageRss: rss.peak(storagePid) - idle.storage, baselineRss: rss.peak(baselinePid) - idle.baseline };
  }

  // --- the two sides of each operation ---

  async function ferryUpload(path: string, name: string): Promise<string> {
    const size = (await stat(path)).size;
    const { grants } = await bus.request(STORAGE_RPC.createUploadGrants, { owner: { type: 'userUpload', userId: 'bench' }, files: [{ name, size }] });
    const grant = grants[0];
    if (!grant) throw new Error('no grant');
    const result = await uploadFile({
      source: await fileSource(path, { name }),
      grant,
      api,
      checkpoints: createFileCheckpointStore(dirs.checkpoints),
      partSize: PART,
    });
    await bus.request(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: result.uploadToken, parts: result.parts }] }, { timeoutMs: 120_000 });
    return result.fileId;
  }

  /** The SHA-256 storage computes after completing (in the background): waited for, and checked. */
  async function ferryHashed(fileId: string, expected: string): Promise<void> {
    const deadline = Date.now() + 300_000;
    while (Date.now() < deadline) {
      const [object] = (await bus.request(STORAGE_RPC.getObjects, { fileIds: [fileId] })).objects;
      if (object?.sha256) {
        if (object.sha256 !== expected) throw new Error(`stored file ${fileId} has SHA-256 ${object.sha256}, expected ${expected}`);
        return;
      }
      await sleep(50);
    }
    throw new Error(`file ${fileId} was not hashed in time`);
  }

  async function baselineUpload(path: string, name: string): Promise<void> {
    const source = await fileSource(path, { name });
    // The engine's way of sending a file's parts (streamed from the file, see file-fetch.ts).
    const send = source.sender ? source.sender(fetch) : fetch;
    const created = await fetch(`${baselineUrl}/files/${name}`, { method: 'POST' });
    if (!created.ok) throw new Error(`baseline create answered ${created.status}`);
    const queue: { start: number; end: number }[] = [];
    for (let start = 0; start < source.size; start += PART) queue.push({ start, end: Math.min(start + PART, source.size) });
    const worker = async () => {
      for (let part = queue.shift(); part; part = queue.shift()) {
        const res = await send(`${baselineUrl}/files/${name}?offset=${part.start}`, { method: 'PUT', body: source.slice(part.start, part.end) });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`baseline PUT answered ${res.status}`);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_PARTS }, worker));
    const written = (await stat(join(dirs.baseline, name))).size;
    if (written !== source.size) throw new Error(`baseline wrote ${written} bytes, expected ${source.size}`);
  }

  async function ferryDownloadUrl(fileId: string): Promise<string> {
    return (await bus.request(STORAGE_RPC.signDownload, { fileId })).url;
  }

  /** Downloads in a child process; answers the seconds the client measured. */
  async function download(url: string, expected: number, headers: Record<string, string> = {}): Promise<number> {
    const { bytes, seconds } = await downloadInChild(url, headers);
    if (bytes !== expected) throw new Error(`GET ${url.split('?')[0]} gave ${bytes} bytes, expected ${expected}`);
    return seconds;
  }

  /** Runs a download twice (the first may be cold, the second is warm) and keeps both. */
  async function twice(fn: () => Promise<number>): Promise<{ cold: Timed<number>; warm: Timed<number> }> {
    const cold = await timed(fn);
    const warm = await timed(fn);
    return { cold, warm };
  }

  const rows: Row[] = [];
  const notes: string[] = [];
  const memory: { phase: string; rss: number; start: number }[] = [];

  // --- 1. memory with the small file (first, on a fresh process) ---
  let smallUpload: Timed | undefined;
  let smallDownload: { cold: Timed<number>; warm: Timed<number> } | undefined;
  if (!UPLOAD_ONLY) {
    log(`memory: Ferry upload of ${sizeLabel(SMALL)} (incl. completeUploads and the background SHA-256)`);
    syncDisks();
    let smallId = '';
    smallUpload = await timed(async () => {
      smallId = await ferryUpload(files.small, 'small.bin');
      await ferryHashed(smallId, sha.small);
    });
    syncDisks();
    log(`memory: Ferry download of ${sizeLabel(SMALL)} x2`);
    const url = await ferryDownloadUrl(smallId);
    smallDownload = await twice(() => download(url, SMALL));
    memory.push(
      { phase: `upload ${sizeLabel(SMALL)}`, rss: smallUpload.storageRss, start: smallUpload.storageStart },
      { phase: `download ${sizeLabel(SMALL)}`, rss: Math.max(smallDownload.cold.storageRss, smallDownload.warm.storageRss), start: smallDownload.cold.storageStart },
    );
  }

  /**
   * npm start's product (all-in-one, embedded Postgres, local storage) with a signed-in CLI home, and
   * one untimed 100 MiB `ferry upload` through it: code loaded on first use, JIT and heap growth land
   * there, as the warm-up above does for the bench's own storage. It idles beside the engine's rounds.
   */
  async function startCliProduct() {
    log("the real CLI: starting npm start's product (all-in-one, embedded Postgres, local storage)");
    const product = await startFerryProduct('upload-bench-cli');
    // Stopped after the rounds, or by the cleanup when the bench fails first: once either way.
    let stopping: Promise<void> | undefined;
    const stop = () => (stopping ??= product.stop());
    cleanups.push(stop);
    const email = `bench-${Date.now()}@example.com`;
    const password = 'bench-password-1';
    await registerUser(product, email, password);
    const env = { FERRY_HOME: join(work, 'ferry-home'), FERRY_API: product.api, FERRY_PASSWORD: password };
    const login = await runFerryCli(['login', '--email', email], env);
    if (login.code !== 0) throw new Error(`ferry login failed: ${login.stderr}`);
    log(`warm-up: \`ferry upload\` of ${sizeLabel(ZIP_SIZE)} through the product (not timed)`);
    const warm = await runFerryCli(['upload', files.zip, '--part-mib', String(PART / MiB)], env);
    if (warm.code !== 0) throw new Error(`ferry upload (warm-up) failed: ${warm.stderr}`);
    return {
      stop,
      /**
       * The big file by the engine in this process through the product's HTTP API, as the CLI does
       * (grant, parts to the product's storage, complete), with the product's CPU over it: the CLI
       * against this tells its own process's cost apart from the product's.
       */
      async engineUpload(): Promise<CliRound['viaProduct']> {
        const token = await accessTokenOf(product.api, email, password);
        const product0 = cpuTimesOf(product.pid);
        const measure = await uploadThroughApi({ api: product.api, token, path: files.big, partBytes: PART, checkpoints: dirs.checkpoints });
        const product1 = cpuTimesOf(product.pid);
        return { seconds: measure.seconds, productCpu: product1.user + product1.system - product0.user - product0.system, clientCpu: measure.cpuSeconds };
      },
      /** One timed `ferry upload` of the big file, with the product's CPU over it. */
      async upload(): Promise<Omit<CliRound, 'engineSeconds' | 'engineStorageCpu' | 'engineClientCpu' | 'viaProduct'>> {
        const product0 = cpuTimesOf(product.pid);
        const cli = await runFerryCli(['upload', files.big, '--part-mib', String(PART / MiB)], env);
        const product1 = cpuTimesOf(product.pid);
        if (cli.code !== 0) throw new Error(`ferry upload failed: ${cli.stderr}`);
        return { ms: cli.ms, productCpu: product1.user + product1.system - product0.user - product0.system, productKernel: product1.system - product0.system, cpuSeconds: cli.cpuSeconds, peakRss: cli.peakRss };
      },
    };
  }

  // --- the real CLI's product (--cli), started before the rounds so that each round times the CLI too ---
  const cliProduct = argv.cli ? await startCliProduct() : null;
  const cliRuns: CliRound[] = [];

  // --- 2. upload of the big file ---
  // Rounds of baseline then Ferry (then the CLI, with --cli), memory warmed before each (warmBefore): on
  // these 2-core VMs one pair swung from 0.63 to 0.92 between runs of the same build, mostly in the
  // baseline (485-726 MB/s), and the engine's rate 242-432 MB/s within one run (2026-11-30): the CLI
  // is compared with the engine's upload of its own round, not with rounds run minutes earlier.
  const rounds: { baseUp: Timed<void>; ferryUp: Timed<string>; hashing: Timed<void>; hashSeconds: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const which = ROUNDS > 1 ? ` (round ${round} of ${ROUNDS})` : '';
    // The CLI goes first in even rounds and last in odd ones, so whatever the order costs falls on both sides.
    const cliRun = async () => {
      if (!cliProduct) return null;
      syncDisks();
      warmBefore("the CLI's upload", BIG);
      log(`upload ${sizeLabel(BIG)}${which}: \`ferry upload --part-mib ${PART / MiB}\` through the product`);
      const run = await cliProduct.upload();
      log(`  ferry upload ${mbps(BIG, run.ms / 1000).toFixed(0)} MB/s`);
      return run;
    };
    const viaProductRun = async (product: Awaited<ReturnType<typeof startCliProduct>>) => {
      syncDisks();
      warmBefore("the engine's upload through the product", BIG);
      log(`upload ${sizeLabel(BIG)}${which}: the engine (this process) through the product`);
      const run = await product.engineUpload();
      log(`  the engine through the product ${mbps(BIG, run.seconds).toFixed(0)} MB/s`);
      return run;
    };
    // The CLI and the engine through the product run next to each other, their order swapped each round too.
    const productPair = async () => {
      if (!cliProduct) return null;
      if (round % 2 === 0) {
        const cli = await cliRun();
        return { cli, viaProduct: await viaProductRun(cliProduct) };
      }
      const viaProduct = await viaProductRun(cliProduct);
      return { cli: await cliRun(), viaProduct };
    };
    const cliFirst = round % 2 === 0 ? await productPair() : null;
    log(`upload ${sizeLabel(BIG)}${which}: baseline (${PART / MiB} MiB parts, ${PARALLEL_PARTS} in flight)`);
    syncDisks();
    warmBefore('the baseline upload', BIG);
    const baseUp = await timed(() => baselineUpload(files.big, 'big.bin'));
    log(`  baseline ${mbps(BIG, baseUp.seconds).toFixed(0)} MB/s`);
    syncDisks();
    warmBefore("Ferry's upload", BIG);
    log(`upload ${sizeLabel(BIG)}${which}: Ferry (grant, engine, completeUploads)`);
    const ferryUp = await timed(() => ferryUpload(files.big, 'big.bin'));
    log(`  Ferry ${mbps(BIG, ferryUp.seconds).toFixed(0)} MB/s (${(baseUp.seconds / ferryUp.seconds).toFixed(2)} of the baseline)`);
    const hashStarted = performance.now();
    const hashing = await timed(() => ferryHashed(ferryUp.value, sha.big));
    rounds.push({ baseUp, ferryUp, hashing, hashSeconds: (performance.now() - hashStarted) / 1000 });
    const pair = cliFirst ?? (await productPair());
    if (pair?.cli) {
      const { cli: run, viaProduct } = pair;
      log(`  the CLI: ${(ferryUp.seconds / (run.ms / 1000)).toFixed(2)} of this round's engine against storage, ${(viaProduct.seconds / (run.ms / 1000)).toFixed(2)} of the engine through the product`);
      cliRuns.push({ ...run, engineSeconds: ferryUp.seconds, engineStorageCpu: ferryUp.storageCpu + hashing.storageCpu, engineClientCpu: ferryUp.clientCpu, viaProduct });
    }
  }
  // Done with: the product (its Postgres, its memory, the files the CLI wrote) does not idle beside the later phases.
  if (cliProduct) await cliProduct.stop();
  // The round with the median ratio, reported whole (its rates, CPU and memory belong together).
  const byRatio = [...rounds].sort((a, b) => a.baseUp.seconds / a.ferryUp.seconds - b.baseUp.seconds / b.ferryUp.seconds);
  const { baseUp, ferryUp, hashing, hashSeconds } = byRatio[Math.floor((byRatio.length - 1) / 2)]!;
  const bigId = ferryUp.value;
  const cpu: { phase: string; seconds: number; system: number; baseline: number; target: number }[] = [];
  notes.push(`The stored SHA-256 of the ${sizeLabel(BIG)} upload was there ${hashSeconds.toFixed(1)} s after completeUploads answered, and matched the source (0 s: storage hashed the bytes as they arrived).`);
  const uploadRss = Math.max(ferryUp.storageRss, hashing.storageRss);
  // Everything storage spent on the upload: receiving, encrypting, hashing, and any work after completing.
  const perGiB = (seconds: number) => seconds / (BIG / (1024 * MiB));
  cpu.push({
    phase: `upload ${sizeLabel(BIG)}`,
    seconds: perGiB(ferryUp.storageCpu + hashing.storageCpu),
    system: perGiB(ferryUp.storageSystemCpu + hashing.storageSystemCpu),
    baseline: perGiB(baseUp.baselineCpu),
    target: 4.5,
  });
  const clientNote = `The client (this process: the engine, or the baseline's sender) used ${perGiB(baseUp.clientCpu).toFixed(2)} CPU s/GiB for the baseline, ${perGiB(ferryUp.clientCpu).toFixed(2)} for Ferry.`;
  rows.push({
    phase: `upload ${sizeLabel(BIG)}`,
    baseline: mbps(BIG, baseUp.seconds),
    ferry: mbps(BIG, ferryUp.seconds),
    target: 0.9,
    storageRss: uploadRss,
    baselineRss: baseUp.baselineRss,
    note:
      rounds.length > 1
        ? `the median of ${rounds.length} rounds; each round's baseline / Ferry MB/s (ratio): ${rounds.map((r) => `${mbps(BIG, r.baseUp.seconds).toFixed(0)} / ${mbps(BIG, r.ferryUp.seconds).toFixed(0)} (${(r.baseUp.seconds / r.ferryUp.seconds).toFixed(2)})`).join(', ')}. ${clientNote}`
        : clientNote,
  });
  memory.push({ phase: `upload ${sizeLabel(BIG)}`, rss: uploadRss, start: ferryUp.storageStart });
  syncDisks();

  let ferryDownloadRate: number | null = null;
  if (!UPLOAD_ONLY) {
    // --- 3. download, whole and second half ---
    const bigUrl = await ferryDownloadUrl(bigId);
    const baseBigUrl = `${baselineUrl}/files/big.bin`;
    log(`download ${sizeLabel(BIG)} x2: baseline, then Ferry`);
    const baseDown = await twice(() => download(baseBigUrl, BIG));
    const ferryDown = await twice(() => download(bigUrl, BIG));
    ferryDownloadRate = mbps(BIG, ferryDown.warm.value);
    cpu.push({ phase: `download ${sizeLabel(BIG)} (warm)`, seconds: perGiB(ferryDown.warm.storageCpu), system: perGiB(ferryDown.warm.storageSystemCpu), baseline: perGiB(baseDown.warm.baselineCpu), target: 1.0 });
    const downloadRss = Math.max(ferryDown.cold.storageRss, ferryDown.warm.storageRss);
    rows.push({
      phase: `download ${sizeLabel(BIG)} (warm)`,
      baseline: mbps(BIG, baseDown.warm.value),
      ferry: ferryDownloadRate,
      target: 0.7,
      storageRss: downloadRss,
      baselineRss: Math.max(baseDown.cold.baselineRss, baseDown.warm.baselineRss),
      note: `first run: baseline ${mbps(BIG, baseDown.cold.value).toFixed(0)}, Ferry ${mbps(BIG, ferryDown.cold.value).toFixed(0)} MB/s`,
    });
    memory.push({ phase: `download ${sizeLabel(BIG)}`, rss: downloadRss, start: ferryDown.cold.storageStart });

    const half = Math.floor(BIG / 2);
    const range = { Range: `bytes=${half}-` };
    log(`ranged GET (bytes=${half}-) x2: baseline, then Ferry`);
    const baseRange = await twice(() => download(baseBigUrl, BIG - half, range));
    const ferryRange = await twice(() => download(bigUrl, BIG - half, range));
    rows.push({
      phase: 'download 2nd half (warm)',
      baseline: mbps(BIG - half, baseRange.warm.value),
      ferry: mbps(BIG - half, ferryRange.warm.value),
      target: 0.5,
      storageRss: Math.max(ferryRange.cold.storageRss, ferryRange.warm.storageRss),
      baselineRss: Math.max(baseRange.cold.baselineRss, baseRange.warm.baselineRss),
      note: `first run: baseline ${mbps(BIG - half, baseRange.cold.value).toFixed(0)}, Ferry ${mbps(BIG - half, ferryRange.cold.value).toFixed(0)} MB/s`,
    });

    // --- 4. ZIP of several Ferry files, against Ferry's own single-file download ---
    log(`zip: uploading ${ZIP_FILES} x ${sizeLabel(ZIP_SIZE)} through Ferry (not timed)`);
    const entries: { fileId: string; path: string }[] = [];
    for (let i = 0; i < ZIP_FILES; i += 1) {
      const fileId = await ferryUpload(files.zip, `entry-${i}.bin`);
      entries.push({ fileId, path: `bench/entry-${i}.bin` });
    }
    for (const entry of entries) await ferryHashed(entry.fileId, sha.zip);
    syncDisks();
    const zip = await bus.request(STORAGE_RPC.signZip, { name: 'bench', entries });
    log(`zip: GET ${(zip.size / MB).toFixed(0)} MB archive x2`);
    const zipRuns = await twice(() => download(zip.url, zip.size));
    rows.push({
      phase: `zip ${ZIP_FILES} x ${sizeLabel(ZIP_SIZE)} (warm)`,
      baseline: ferryDownloadRate,
      ferry: mbps(zip.size, zipRuns.warm.value),
      target: 0.6,
      storageRss: Math.max(zipRuns.cold.storageRss, zipRuns.warm.storageRss),
      baselineRss: null,
      note: `baseline column = Ferry's own ${sizeLabel(BIG)} download (warm); first run ${mbps(zip.size, zipRuns.cold.value).toFixed(0)} MB/s`,
    });
  }

  // --- 5. the real CLI through npm start's product: its rounds, against the engine's of the same round ---
  if (cliProduct) {
    // The round with the median CLI / engine ratio (the lower middle one for an even count), reported whole.
    const ratioOf = (run: CliRound) => run.engineSeconds / (run.ms / 1000);
    const cli = [...cliRuns].sort((a, b) => ratioOf(a) - ratioOf(b))[Math.floor((cliRuns.length - 1) / 2)]!;
    rows.push({
      phase: `upload ${sizeLabel(BIG)}, real CLI`,
      baseline: mbps(BIG, cli.engineSeconds),
      ferry: mbps(BIG, cli.ms / 1000),
      target: 0.9,
      storageRss: null,
      baselineRss: null,
      note:
        `baseline column = the engine's upload against storage in the same round; \`ferry upload\` (the CLI's bundle, process start to exit, incl. the grant and complete) through npm start's product` +
        `${cliRuns.length > 1 ? `, the round with the median ratio of ${cliRuns.length}; each round's engine / CLI MB/s (ratio): ${cliRuns.map((run) => `${mbps(BIG, run.engineSeconds).toFixed(0)} / ${mbps(BIG, run.ms / 1000).toFixed(0)} (${ratioOf(run).toFixed(2)})`).join(', ')}` : ''}. ` +
        `CPU s/GiB in that round: the product ${perGiB(cli.productCpu).toFixed(2)} (kernel ${perGiB(cli.productKernel).toFixed(2)}) and the CLI ${perGiB(cli.cpuSeconds).toFixed(2)}, against storage ${perGiB(cli.engineStorageCpu).toFixed(2)} and the engine ${perGiB(cli.engineClientCpu).toFixed(2)}; the CLI's peak RSS ${(Math.max(...cliRuns.map((run) => run.peakRss)) / MB).toFixed(0)} MB (the highest of the runs)`,
    });
    // The gap above in its two parts, each the median of its own same-round ratios: npm start's product
    // against the bench's storage (the same engine in this process on both; grant, signatures and complete
    // over the bus there, over HTTP here), and the CLI's process
    // against the engine in this one (the same product on both).
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
    const productRatio = (run: CliRound) => run.engineSeconds / run.viaProduct.seconds;
    const processRatio = (run: CliRound) => run.viaProduct.seconds / (run.ms / 1000);
    const byProduct = [...cliRuns].sort((a, b) => productRatio(a) - productRatio(b))[Math.floor((cliRuns.length - 1) / 2)]!;
    rows.push({
      phase: '  real CLI: product part',
      baseline: mbps(BIG, byProduct.engineSeconds),
      ferry: mbps(BIG, byProduct.viaProduct.seconds),
      target: null,
      storageRss: null,
      baselineRss: null,
      note:
        `the engine in this process through npm start's product (grant, parts and complete over its HTTP API, as the CLI does) against the same engine's upload to the bench's storage (grant, signatures and complete over the bus there), same round; the round with the median ratio; each round's storage / product MB/s (ratio): ` +
        `${cliRuns.map((run) => `${mbps(BIG, run.engineSeconds).toFixed(0)} / ${mbps(BIG, run.viaProduct.seconds).toFixed(0)} (${productRatio(run).toFixed(2)})`).join(', ')}. ` +
        `CPU s/GiB in that round: the product ${perGiB(byProduct.viaProduct.productCpu).toFixed(2)} and the engine ${perGiB(byProduct.viaProduct.clientCpu).toFixed(2)}, against storage ${perGiB(byProduct.engineStorageCpu).toFixed(2)} and the engine ${perGiB(byProduct.engineClientCpu).toFixed(2)}`,
    });
    const byProcess = [...cliRuns].sort((a, b) => processRatio(a) - processRatio(b))[Math.floor((cliRuns.length - 1) / 2)]!;
    rows.push({
      phase: '  real CLI: process part',
      baseline: mbps(BIG, byProcess.viaProduct.seconds),
      ferry: mbps(BIG, byProcess.ms / 1000),
      target: null,
      storageRss: null,
      baselineRss: null,
      note:
        `the real CLI against the engine in this process, both through npm start's product, next to each other in each round (their order swapped each round); the round with the median ratio (medians: this ${median(cliRuns.map(processRatio)).toFixed(2)}, the product against storage ${median(cliRuns.map(productRatio)).toFixed(2)}); each round's engine / CLI MB/s (ratio): ` +
        `${cliRuns.map((run) => `${mbps(BIG, run.viaProduct.seconds).toFixed(0)} / ${mbps(BIG, run.ms / 1000).toFixed(0)} (${processRatio(run).toFixed(2)})`).join(', ')}. ` +
        `CPU s/GiB in that round: the CLI ${perGiB(byProcess.cpuSeconds).toFixed(2)} and the product ${perGiB(byProcess.productCpu).toFixed(2)}, against the engine ${perGiB(byProcess.viaProduct.clientCpu).toFixed(2)} and the product ${perGiB(byProcess.viaProduct.productCpu).toFixed(2)}`,
    });
  }

  // --- report ---
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (v: number | null, digits = 0) => (v === null ? 'n/a' : v.toFixed(digits));
  const rssText = (v: number | null) => (v === null ? '-' : `${v >= 0 ? '+' : ''}${(v / MB).toFixed(1)} MB`);
  console.log('');
  console.log(`Ferry vs bare baseline on this machine (${new Date().toISOString()}, Node ${process.version}, load average ${loadText(loadAtStart)} at start, ${loadText(loadavg())} at end).`);
  console.log(`MB/s uses MB = 1,000,000 bytes. Parts: ${PART / MiB} MiB, ${PARALLEL_PARTS} in flight, both sides. Downloads ran twice; the second (warm) run is reported.`);
  console.log(`Storage process: ${storageCommand.describe}${extraFlags.length > 0 ? `, with ${extraFlags.join(' ')}` : ''}.`);
  const reportingAtEnd = freePageReporting();
  if (reportingAtStart && reportingAtEnd) {
    console.log(
      `Free page reporting: memory freed is handed back to the hypervisor after ${reportingAtEnd.minFreeMs} ms; ${((reportingAtEnd.reportedKiB - reportingAtStart.reportedKiB) / 1024).toFixed(0)} MiB ` +
        'went back during the run. Touching it again costs the kernel ~2.4 CPU s/GiB here, in whichever process writes fresh page cache or buffers (README, "Benchmarks").',
    );
    console.log(warmer.summary());
  }
  console.log('');
  const header = `${pad('phase', 28)}${'baseline MB/s'.padStart(14)}${'ferry MB/s'.padStart(12)}${'ratio'.padStart(8)}${'target'.padStart(9)}  ${pad('result', 7)}${'storage peak-idle RSS'.padStart(23)}${'baseline srv peak-idle'.padStart(24)}`;
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const row of rows) {
    const ratio = row.baseline && row.ferry !== null ? row.ferry / row.baseline : null;
    const result = ratio === null || row.target === null ? '-' : ratio >= row.target ? 'ok' : 'MISSED';
    console.log(
      `${pad(row.phase, 28)}${num(row.baseline).padStart(14)}${num(row.ferry).padStart(12)}${num(ratio, 2).padStart(8)}${(row.target === null ? '-' : `>= ${row.target}`).padStart(9)}  ${pad(result, 7)}${rssText(row.storageRss).padStart(23)}${rssText(row.baselineRss).padStart(24)}`,
    );
  }
  for (const row of rows) if (row.note) console.log(`  ${row.phase}: ${row.note}`);
  console.log('');
  console.log(
    'Storage process CPU (user + system from /proc/<pid>/stat) per GiB moved, and of it in the kernel; the upload includes the work after completing. The baseline server (it only writes or reads the bytes) in the same phase, for how costly this machine makes moving a GiB.',
  );
  const cpuHeader = `${pad('phase (Ferry)', 28)}${'CPU s/GiB'.padStart(12)}${'of it kernel'.padStart(14)}${'target'.padStart(10)}  ${pad('result', 8)}${'baseline srv CPU s/GiB'.padStart(24)}`;
  console.log(cpuHeader);
  console.log('-'.repeat(cpuHeader.length));
  for (const c of cpu) {
    console.log(
      `${pad(c.phase, 28)}${c.seconds.toFixed(2).padStart(12)}${c.system.toFixed(2).padStart(14)}${`<= ${c.target}`.padStart(10)}  ${pad(c.seconds <= c.target ? 'ok' : 'MISSED', 8)}${c.baseline.toFixed(2).padStart(24)}`,
    );
  }

  if (memory.length > 0) {
    console.log('');
    console.log(
      `Storage process RSS (VmRSS every 50 ms), idle before any work: ${(idle.storage / MB).toFixed(1)} MB; ` +
        `after the ${sizeLabel(ZIP_SIZE)} warm-up transfer: ${(afterWarmUp / MB).toFixed(1)} MB. Target: peak - idle <= 60 MB for both sizes, and the 2 GiB file no more than 20 MB above the 256 MiB one (memory must not grow with the file).`,
    );
    const memHeader = `${pad('phase (Ferry)', 28)}${'peak-idle'.padStart(12)}${'target'.padStart(12)}  ${pad('result', 8)}${'at phase start'.padStart(16)}`;
    console.log(memHeader);
    console.log('-'.repeat(memHeader.length));
    for (const m of memory) {
      console.log(`${pad(m.phase, 28)}${rssText(m.rss).padStart(12)}${'<= 60 MB'.padStart(12)}  ${pad(m.rss <= 60 * MB ? 'ok' : 'MISSED', 8)}${rssText(m.start).padStart(16)}`);
    }
    for (const kind of ['upload', 'download']) {
      const small = memory.find((m) => m.phase === `${kind} ${sizeLabel(SMALL)}`);
      const big = memory.find((m) => m.phase === `${kind} ${sizeLabel(BIG)}`);
      if (!small || !big) continue;
      const delta = big.rss - small.rss;
      console.log(`${pad(`${kind}: ${sizeLabel(BIG)} vs ${sizeLabel(SMALL)}`, 28)}${rssText(delta).padStart(12)}${'<= 20 MB'.padStart(12)}  ${delta <= 20 * MB ? 'ok' : 'MISSED'}`);
    }
    if (smallUpload && smallDownload) {
      notes.push(
        `${sizeLabel(SMALL)} through Ferry: upload ${mbps(SMALL, smallUpload.seconds).toFixed(0)} MB/s incl. the SHA-256 wait, download ${mbps(SMALL, smallDownload.warm.value).toFixed(0)} MB/s (warm).`,
      );
    }
  }
  console.log('');
  for (const note of notes) console.log(`note: ${note}`);
  console.log('note: upload RSS includes the background SHA-256 pass storage runs after completeUploads.');
  if (argv['cpu-prof']) console.log(`note: the storage CPU profile is written to ${argv['cpu-prof']} when the process exits.`);
}

try {
  await main();
} catch (error) {
  console.error('[bench] failed:', error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
// fetch's keep-alive pool would hold the process open for a few seconds more.
process.exit(process.exitCode ?? 0);
