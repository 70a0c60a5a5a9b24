/**
 * An upload from the web app's quick send in Chromium against the CLI's, on `npm start`'s product,
 * in one run: a 1 GiB file of random bytes at the browser's part size (2 MB parts, 4 in flight),
 * MB/s from the click to "You're all done!", the renderer's peak RSS (from /proc), the time per part
 * spent outside the PUT itself, then the same file through the real `ferry upload` (its bundle).
 * See README.md beside this file.
 *
 *   npx tsx tools/bench/browser-upload/browser-upload-bench.ts [--size-mib 1024]
 */
import { spawn } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { registerUser, startFerryProduct, WORKSPACE_ROOT } from '@ferry/testing';
import { BASE_PARALLELISM, PART_SIZE_BY_CONNECTION } from '@ferry/upload-engine';
import { peakSampler, runFerryCli } from '../cli-run';
import { cpuSecondsOrZero, cpuTimesOf, memoryWarmer, parentPidOf, rssOf } from '../proc-stat';

const { values: args } = parseArgs({
  options: {
    'size-mib': { type: 'string', default: '1024' },
    'profile-dir': { type: 'string' },
    /** More Chromium flags, space-separated, for both the quick send and Chromium alone (e.g. "--disable-web-security": no CORS, so no preflights). */
    'chromium-flags': { type: 'string', default: '' },
  },
});
const MiB = 1024 * 1024;
const SIZE = Number(args['size-mib']) * MiB;
const EXTRA_FLAGS = (args['chromium-flags'] ?? '').split(' ').filter(Boolean);
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...EXTRA_FLAGS];
const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
const mbps = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);

async function randomFile(path: string, size: number): Promise<void> {
  const out = createWriteStream(path);
  const block = Buffer.alloc(16 * MiB);
  for (let written = 0; written < size; written += block.length) {
    if (!out.write(Buffer.from(randomFillSync(block).subarray(0, Math.min(block.length, size - written))))) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(() => r()));
}

/** This process's descendants (the product, the Chromium it launched and their children), from /proc: another Chromium or product on the machine does not count. */
function descendants(): Set<number> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = parentPidOf(Number(entry));
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found = new Set<number>();
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (found.has(child)) continue;
      found.add(child);
      visit(child);
    }
  };
  visit(process.pid);
  return found;
}

/** Chromium's renderer processes (`--type=renderer`) of the browser this bench launched, found in /proc. */
function rendererPids(): number[] {
  const pids: number[] = [];
  for (const entry of descendants()) {
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmd.includes('chromium') && cmd.includes('--type=renderer')) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Who a process is, for the CPU table: Chromium's processes by `--type`, the product, or nobody of interest. */
function roleOf(cmd: string): string | null {
  if (cmd.includes('apps/all-in-one/src/main.ts')) return 'product (npm start: storage, gateway, services)';
  if (cmd.includes('put-sink.mjs')) return 'PUT sink (drops the bytes)';
  if (!cmd.startsWith('/usr/lib/chromium/chromium')) return null;
  if (cmd.includes('NetworkService')) return 'Chromium network service';
  const type = /--type=([\w-]+)/.exec(cmd)?.[1];
  if (!type) return 'Chromium browser process';
  if (type === 'renderer' || type === 'gpu-process') return `Chromium ${type}`;
  return 'Chromium other';
}

/** CPU seconds so far of every process with a role, by pid. */
function cpuSnapshot(): Map<number, { role: string; seconds: number }> {
  const out = new Map<number, { role: string; seconds: number }>();
  for (const entry of descendants()) {
    try {
      const role = roleOf(readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' '));
      if (role) out.set(Number(entry), { role, seconds: cpuSecondsOrZero(Number(entry)) });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** CPU seconds used between two snapshots, by role (a process that started in between counts from zero). */
function cpuBetween(before: Map<number, { role: string; seconds: number }>, after: Map<number, { role: string; seconds: number }>): Map<string, number> {
  const byRole = new Map<string, number>();
  for (const [pid, { role, seconds }] of after) byRole.set(role, (byRole.get(role) ?? 0) + seconds - (before.get(pid)?.seconds ?? 0));
  return byRole;
}

const SERIES_EVERY_S = 1;
/**
 * The part requests' start and end, two numbers each, taken by a PerformanceObserver as they finish.
 * The page's resource timing buffer stays at the browser's default (250 entries), as for a visitor:
 * enlarging it to keep every part's entry (as this bench did up to 2026-11-29) held a
 * PerformanceResourceTiming per part in the tab, which the memory series then counted as the tab's.
 */
const PART_TIMINGS_OBSERVED = `(() => {
  const kept = [];
  globalThis.__partTimings = kept;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.initiatorType === 'fetch' && /[?&]partNumber=/.test(e.name)) kept.push(e.startTime, e.responseEnd);
    }
  }).observe({ type: 'resource', buffered: true });
})();`;

/** Chromium's allocators of a renderer that the report shows, from its memory-infra dump. */
const ALLOCATORS = ['blink_gc', 'v8', 'malloc', 'partition_alloc', 'shared_memory', 'cc'] as const;
type Allocators = Record<(typeof ALLOCATORS)[number], number>;
/** What the page holds at one moment: its renderer's allocators (bytes) and its DOM counters. */
interface TabSnapshot {
  /** The page's renderer's allocators; null when the dump had none of it. */
  allocators: Allocators | null;
  nodes: number;
  listeners: number;
}

interface TraceEvent {
  ph: string;
  pid: number;
  args?: { dumps?: { allocators?: Record<string, { attrs?: { size?: { value?: string } } }> } };
}

/**
 * One memory-infra dump of every Chromium process (DevTools protocol on the browser: `Tracing` with
 * the memory-infra category, `Tracing.requestMemoryDump`): the size of each allocator in ALLOCATORS
 * for each renderer in `pids`. Taken only at the start, at the end and after the forced collection,
 * never while the file goes.
 */
async function rendererAllocators(cdp: import('@playwright/test').CDPSession, pids: number[]): Promise<Map<number, Allocators>> {
  const events: TraceEvent[] = [];
  // The protocol types trace events as string maps; memory dumps carry nested objects.
  const collect = (event: { value: object[] }) => void events.push(...(event.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  let tracing = false;
  try {
    await cdp.send('Tracing.start', {
      // No periodic dumps: only the one asked for below (the protocol types this config as a string map).
      traceConfig: { includedCategories: ['disabled-by-default-memory-infra'], excludedCategories: ['*'], memoryDumpConfig: { triggers: [] } as unknown as Record<string, string> },
    });
    tracing = true;
    const dumped = await cdp.send('Tracing.requestMemoryDump', { deterministic: false, levelOfDetail: 'detailed' });
    if (!dumped.success) throw new Error('Chromium did not take the memory dump');
  } finally {
    // Ended whatever happened: Chromium refuses the next Tracing.start while one is running.
    if (tracing) {
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await complete;
    }
    cdp.off('Tracing.dataCollected', collect);
  }
  // A process can have more than one dump event (the trace exporter writes shared memory apart): merged.
  const byPid = new Map<number, Allocators>();
  for (const event of events) {
    const allocators = event.args?.dumps?.allocators;
    if (event.ph !== 'v' || !allocators || !pids.includes(event.pid)) continue;
    const sizes = byPid.get(event.pid) ?? (Object.fromEntries(ALLOCATORS.map((name) => [name, 0])) as Allocators);
    for (const name of ALLOCATORS) {
      const size = parseInt(allocators[name]?.attrs?.size?.value ?? '0', 16);
      if (size > 0) sizes[name] = size;
    }
    byPid.set(event.pid, sizes);
  }
  return byPid;
}

/**
 * The renderers' RSS (the sum, from /proc) and the page's JavaScript heap in use (DevTools protocol,
 * `Runtime.getHeapUsage`) every SERIES_EVERY_S s; on stop, the same when done and again after a full
 * garbage collection (`HeapProfiler.collectGarbage`): what the tab still holds, against what it had
 * merely not collected yet. At the start, when done and after that collection, a snapshot of the page's
 * renderer by allocator and its DOM counters (nodes, JavaScript event listeners: `Memory.getDOMCounters`).
 */
async function memorySeries(page: import('@playwright/test').Page, browser: import('@playwright/test').Browser, renderers: number[]) {
  const cdp = await page.context().newCDPSession(page);
  const browserCdp = await browser.newBrowserCDPSession();
  const read = async () => {
    const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; embedderHeapUsedSize?: number };
    return { rss: renderers.reduce((sum, pid) => sum + rssOf(pid), 0), heap: usage.usedSize, blink: usage.embedderHeapUsedSize ?? 0 };
  };
  // A dump that fails prints '?' rather than losing the run's figures.
  const snapshot = async () => {
    const counters = (await cdp.send('Memory.getDOMCounters')) as { nodes: number; jsEventListeners: number };
    const byPid = await rendererAllocators(browserCdp, renderers).catch((error: unknown) => {
      log(`  the memory dump failed: ${(error as Error).message}`);
      return new Map<number, Allocators>();
    });
    return { byPid, nodes: counters.nodes, listeners: counters.jsEventListeners };
  };
  const atStart = await snapshot();
  // The page's renderer is the one that works while the file goes (the other is Chromium's spare).
  const cpuAtStart = new Map(renderers.map((pid) => [pid, cpuSecondsOrZero(pid)]));
  const series: { rss: number; heap: number; blink: number }[] = [];
  let reading = Promise.resolve();
  const timer = setInterval(() => {
    reading = reading.then(async () => void series.push(await read())).catch(() => undefined);
  }, SERIES_EVERY_S * 1000);
  return {
    async stop() {
      clearInterval(timer);
      await reading;
      const done = await read();
      const used = renderers.map((pid) => ({ pid, seconds: cpuSecondsOrZero(pid) - (cpuAtStart.get(pid) ?? 0) }));
      const busiest = used.sort((a, b) => b.seconds - a.seconds)[0]?.pid;
      try {
        const atDone = await snapshot();
        await cdp.send('HeapProfiler.collectGarbage');
        const collected = await read();
        const atCollected = await snapshot();
        const ofPage = (snap: Awaited<ReturnType<typeof snapshot>>): TabSnapshot => ({
          allocators: (busiest === undefined ? undefined : snap.byPid.get(busiest)) ?? null,
          nodes: snap.nodes,
          listeners: snap.listeners,
        });
        return { series, done, collected, snapshots: [ofPage(atStart), ofPage(atDone), ofPage(atCollected)] as const };
      } finally {
        await cdp.detach().catch(() => undefined);
        await browserCdp.detach().catch(() => undefined);
      }
    },
  };
}

/**
 * The page's part requests from their resource timings (PART_TIMINGS_OBSERVED): how many, the mean time of one (request start
 * to response end), and the time per part outside any (4 slots x the window from the first one's
 * start to the last one's end - the time inside them, per part).
 */
async function partTimings(page: import('@playwright/test').Page): Promise<{ count: number; meanMs: number; outsideMs: number }> {
  const kept = ((await page.evaluate('globalThis.__partTimings')) as number[] | undefined) ?? [];
  const puts: { start: number; end: number }[] = [];
  for (let i = 0; i + 1 < kept.length; i += 2) puts.push({ start: kept[i] as number, end: kept[i + 1] as number });
  const window = Math.max(...puts.map((p) => p.end)) - Math.min(...puts.map((p) => p.start));
  const inPut = puts.reduce((sum, p) => sum + (p.end - p.start), 0);
  return { count: puts.length, meanMs: inPut / puts.length, outsideMs: (BASE_PARALLELISM * window - inPut) / puts.length };
}

/** The sink of the "Chromium alone" run (put-sink.mjs) as its own process, and its two ports. */
async function startSink(): Promise<{ page: number; sink: number; stop: () => void }> {
  const child = spawn(process.execPath, [resolve(WORKSPACE_ROOT, 'tools/bench/browser-upload/put-sink.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ports = await new Promise<{ page: number; sink: number }>((done, fail) => {
    child.stdout.once('data', (d: Buffer) => done(JSON.parse(d.toString()) as { page: number; sink: number }));
    child.once('exit', (code) => fail(new Error(`put-sink.mjs exited with ${code}`)));
  });
  return { ...ports, stop: () => child.kill() };
}

/**
 * Chromium alone: the same file, sent by plain `fetch` in the web app's part size and parallelism,
 * cross-origin, each a POST without headers as the app sends the local driver's parts (so no preflight), to a server that drops the bytes. No app code, no
 * storage: what Chromium itself costs to send the file this way on this machine.
 */
async function chromiumAlone(browser: import('@playwright/test').Browser, file: string) {
  const sink = await startSink();
  const page = await browser.newPage();
  try {
    await page.addInitScript({ content: PART_TIMINGS_OBSERVED });
    await page.goto(`http://127.0.0.1:${sink.page}/`);
    await page.locator('#file').setInputFiles(file);
    const renderers = rendererPids();
    const memory = await memorySeries(page, browser, renderers);
    const before = cpuSnapshot();
    const ms = await page.evaluate(
      ([target, partSize, inFlight]) => (globalThis as unknown as { putSlices: (t: string, p: number, n: number) => Promise<number> }).putSlices(target, partSize, inFlight),
      [`http://127.0.0.1:${sink.sink}`, PART_SIZE_BY_CONNECTION['4g'], BASE_PARALLELISM] as const,
    );
    const cpu = cpuBetween(before, cpuSnapshot());
    return { ms, cpu, memory: await memory.stop(), parts: await partTimings(page) };
  } finally {
    await page.close();
    sink.stop();
  }
}

async function main(): Promise<void> {
  if (!existsSync(resolve(WORKSPACE_ROOT, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: run `npx nx run web:build` first (npm start does it too)');
  const work = mkdtempSync(join(tmpdir(), 'ferry-browser-upload-'));
  const file = join(work, 'bench-1gib.bin');
  log(`writing ${SIZE / MiB} MiB of random bytes`);
  await randomFile(file, SIZE);
  const loadAtStart = loadavg();
  // Before each timed phase, as the upload bench does (warmFreeMemory).
  const warmer = memoryWarmer(log);
  const warmBefore = (phase: string) => warmer.before(phase, SIZE);
  log('starting the product (npm start\'s launcher)');
  const product = await startFerryProduct('browser-upload-bench');
  const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const email = `bench-${Date.now()}@example.com`;
    const password = 'bench-password-1';
    await registerUser(product, email, password);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript({ content: PART_TIMINGS_OBSERVED });
    await page.goto(`${product.origin}/login?user=${encodeURIComponent(email)}`);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dash$/);
    const panel = page.getByRole('region', { name: 'Quick send' });
    await panel.getByTestId('qs-files').setInputFiles(file);
    warmBefore('the quick send');
    // The page's renderers are found once, before the click: finding them again every 100 ms walked all
    // of /proc, ~10% of a core taken from the upload on 2 cores (perf), which Chromium alone did not pay.
    const renderers = rendererPids();
    const idleRenderer = Math.max(0, ...renderers.map(rssOf));
    // The tab's memory as the file goes: the renderers' RSS and the page's JavaScript heap once a second.
    // Started (its first memory dump taken) before the CPU and peak RSS readings, as for Chromium alone.
    const memory = await memorySeries(page, browser, renderers);
    const renderer = peakSampler(() => renderers);
    const cpuBeforeClick = cpuSnapshot();
    const kernelBeforeClick = cpuTimesOf(product.pid).system;
    const profiler = args['profile-dir'] ? await page.context().newCDPSession(page) : undefined;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 1000 });
      await profiler.send('Profiler.start');
    }
    // Said when it starts, so that a profiler (perf, say) can be pointed at the product or Chromium for it.
    log(`quick send of ${SIZE / MiB} MiB: clicking Get Link (the product's pid is ${product.pid})`);
    const clicked = performance.now();
    await panel.getByRole('button', { name: 'Get Link' }).click();
    // At no less than 10 MB/s: a quick send that stalls or fails shows what the panel said instead of waiting on.
    await panel
      .getByRole('heading', { name: "You're all done!" })
      .waitFor({ timeout: Math.max(120_000, SIZE / 10e3) })
      .catch(async (error: unknown) => {
        const shot = join(tmpdir(), 'browser-upload-bench-failed.png');
        await page.screenshot({ path: shot });
        throw new Error(`the quick send did not finish; the panel said: ${(await panel.innerText()).replace(/\s+/g, ' ')} (screenshot ${shot})`, { cause: error });
      });
    const browserMs = performance.now() - clicked;
    const browserCpu = cpuBetween(cpuBeforeClick, cpuSnapshot());
    const browserKernel = cpuTimesOf(product.pid).system - kernelBeforeClick;
    const rendererPeak = renderer.stop();
    const memoryAfter = await memory.stop();
    if (profiler) {
      const { profile } = await profiler.send('Profiler.stop');
      mkdirSync(args['profile-dir']!, { recursive: true });
      writeFileSync(join(args['profile-dir']!, 'renderer.cpuprofile'), JSON.stringify(profile));
      log(`the renderer's JS profile of the quick send: ${join(args['profile-dir']!, 'renderer.cpuprofile')} (open it in Chromium's DevTools, Performance)`);
    }
    const parts = await partTimings(page);
    // Its renderer goes with it: Chromium alone's figures are then of its own page's renderer alone
    // (until 2026-11-29's eighth session they summed this idle tab's renderer in as well).
    await page.close();

    log('the same file through `ferry upload` (16 MiB parts, its default)');
    const home = join(work, 'ferry-home');
    const env = { FERRY_HOME: home, FERRY_API: product.api, FERRY_PASSWORD: password };
    const login = await runFerryCli(['login', '--email', email], env);
    if (login.code !== 0) throw new Error(`ferry login failed: ${login.stderr}`);
    warmBefore("the CLI's upload");
    const cpuBeforeCli = cpuSnapshot();
    const kernelBeforeCli = cpuTimesOf(product.pid).system;
    const cli = await runFerryCli(['upload', file], env);
    const cliCpu = cpuBetween(cpuBeforeCli, cpuSnapshot());
    const cliKernel = cpuTimesOf(product.pid).system - kernelBeforeCli;
    if (cli.code !== 0) throw new Error(`ferry upload failed: ${cli.stderr}`);
    log('Chromium alone: the same file by plain fetch POSTs to a server that drops the bytes');
    warmBefore('Chromium alone');
    const alone = await chromiumAlone(browser, file);

    const browserRate = mbps(SIZE, browserMs);
    const cliRate = mbps(SIZE, cli.ms);
    console.log(`\nBrowser upload bench (${new Date().toISOString()}, Node ${process.version}; load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} at start, ${loadavg().map((l) => l.toFixed(2)).join(' ')} at end). MB = 1,000,000 bytes.${EXTRA_FLAGS.length > 0 ? ` Chromium ran with ${EXTRA_FLAGS.join(' ')} as well.` : ''}`);
    console.log(warmer.summary());
    console.log('| measurement | value | target |');
    console.log('| --- | --- | --- |');
    console.log(`| browser quick send, ${SIZE / MiB} MiB, 2 MB parts, 4 in flight: click to done | ${browserRate.toFixed(0)} MB/s (${(browserMs / 1000).toFixed(1)} s) | |`);
    console.log(`| \`ferry upload\` of the same file (process start to exit, incl. login-less start and complete) | ${cliRate.toFixed(0)} MB/s (${(cli.ms / 1000).toFixed(1)} s) | |`);
    console.log(`| browser / CLI | ${(browserRate / cliRate).toFixed(2)} | >= 0.7 ${browserRate / cliRate >= 0.7 ? 'ok' : 'MISSED'} |`);
    const aloneRate = mbps(SIZE, alone.ms);
    console.log(`| Chromium alone: the same file, plain \`fetch\` POSTs of ${PART_SIZE_BY_CONNECTION['4g'] / MiB} MB slices (as the app's parts), ${BASE_PARALLELISM} in flight, cross-origin, to a server that drops the bytes | ${aloneRate.toFixed(0)} MB/s (${(alone.ms / 1000).toFixed(1)} s) | |`);
    console.log(`| Chromium alone / CLI: the most browser / CLI could be here, with no app and no storage | ${(aloneRate / cliRate).toFixed(2)} | |`);
    console.log(`| renderer peak RSS (idle before the click) | ${(rendererPeak / 1e6).toFixed(0)} MB (${(idleRenderer / 1e6).toFixed(0)} MB) | does not grow with the file |`);
    const mb = (m: { rss: number; heap: number; blink: number }) => `${(m.rss / 1e6).toFixed(0)}/${(m.heap / 1e6).toFixed(1)}/${(m.blink / 1e6).toFixed(1)}`;
    for (const [run, series] of [['the quick send', memoryAfter], ['Chromium alone', alone.memory]] as const) {
      console.log(`| ${run}: the renderers' RSS / JavaScript heap / Blink's heap in use, every ${SERIES_EVERY_S} s (MB) | ${series.series.map(mb).join(' ')} | |`);
      console.log(`| ${run}: the same when done, then after a full GC the bench forced | ${mb(series.done)}, then ${mb(series.collected)} | |`);
      const [start, done, collected] = series.snapshots;
      const sizes = (name: (typeof ALLOCATORS)[number]) => [start, done, collected].map((snap) => (snap.allocators ? (snap.allocators[name] / 1e6).toFixed(1) : '?')).join(' / ');
      console.log(`| ${run}: the page's renderer by allocator, MB: before / when done / after the full GC | ${ALLOCATORS.map((name) => `${name} ${sizes(name)}`).join('; ')} | |`);
      console.log(`| ${run}: DOM nodes / JavaScript event listeners: before / when done / after the full GC | ${[start, done, collected].map((snap) => `${snap.nodes} / ${snap.listeners}`).join(', ')} | |`);
    }
    for (const [run, timings] of [['the quick send', parts], ['Chromium alone', alone.parts]] as const) {
      console.log(`| ${run}: part requests seen / mean time of one / time per part outside any (${BASE_PARALLELISM} slots x window - time in part requests, per part) | ${timings.count} / ${timings.meanMs.toFixed(1)} ms / ${timings.outsideMs.toFixed(1)} ms | |`);
    }
    console.log(`| CLI peak RSS | ${(cli.peakRss / 1e6).toFixed(0)} MB | <= 120 MB ${cli.peakRss <= 120e6 ? 'ok' : 'MISSED'} |`);
    // Where the machine's two cores went: on 2 cores the processes below share them, so CPU per GiB, not MB/s, says who costs what.
    const gib = SIZE / 1024 ** 3;
    const perGib = (seconds: number | undefined) => (seconds === undefined ? '-' : (seconds / gib).toFixed(2));
    const roles = [...new Set([...browserCpu.keys(), ...cliCpu.keys(), ...alone.cpu.keys()])].filter((role) => (browserCpu.get(role) ?? 0) + (cliCpu.get(role) ?? 0) + (alone.cpu.get(role) ?? 0) > 0.05).sort();
    const chromiumPart = (role: string) => role.startsWith('Chromium') || role.startsWith('PUT sink');
    console.log('\n| CPU s per GiB uploaded (user + system) | browser quick send | `ferry upload` | Chromium alone |');
    console.log('| --- | --- | --- | --- |');
    for (const role of roles) {
      console.log(`| ${role} | ${perGib(browserCpu.get(role))} | ${chromiumPart(role) ? '-' : perGib(cliCpu.get(role))} | ${chromiumPart(role) ? perGib(alone.cpu.get(role)) : '-'} |`);
    }
    console.log(`| the \`ferry\` process | - | ${perGib(cli.cpuSeconds)} | - |`);
    console.log(`| of the product's, in the kernel | ${perGib(browserKernel)} | ${perGib(cliKernel)} | - |`);
    const total = (m: Map<string, number>, only: (role: string) => boolean = () => true) => [...m].filter(([role]) => only(role)).reduce((a, [, v]) => a + v, 0);
    console.log(`| all of the above | ${perGib(total(browserCpu))} | ${perGib(total(cliCpu, (role) => !chromiumPart(role)) + cli.cpuSeconds)} | ${perGib(total(alone.cpu, chromiumPart))} |`);
  } finally {
    await browser.close();
    await product.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
