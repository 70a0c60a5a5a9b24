/**
 * What a process's first upload costs beyond a warm one's, and the real CLI beside both: through
 * `npm start`'s product, each round uploads one file by the engine in this long-running process, in a
 * fresh `node` process twice in a row (first-upload-child.ts: each upload timed on its own, the
 * process's start left out), and by `ferry upload` (its bundle, start to exit). Prints each one's MB/s,
 * CPU seconds per GiB and (but the CLI's) minor page faults, and their medians. Every upload stays in the
 * product until the end (~4 x the file a round). See README.md in this folder.
 *
 *   npx tsx tools/bench/upload/first-upload-bench.ts [--size-mib 2048] [--part-mib 64] [--rounds 3] [--child-flags=--max-semi-space-size=1]
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { registerUser, startFerryProduct, type FerryProduct } from '@ferry/testing';
import { z } from 'zod';
import { runFerryCli } from '../cli-run';
import { cpuTimesOf, memoryWarmer } from '../proc-stat';
import { accessTokenOf, uploadThroughApi, type UploadMeasure } from './first-upload-api';

const MiB = 1024 * 1024;
const { values: argv } = parseArgs({
  options: {
    'size-mib': { type: 'string', default: '2048' },
    'part-mib': { type: 'string', default: '64' },
    rounds: { type: 'string', default: '3' },
    /** Node/V8 flags for the fresh process, space-separated, given as `--child-flags=<flags>` (e.g. `--child-flags=--max-semi-space-size=1`), to compare settings. */
    'child-flags': { type: 'string', default: '' },
  },
});
const positiveInt = (name: string, value: string | undefined): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer`);
  return n;
};
const SIZE = positiveInt('size-mib', argv['size-mib']) * MiB;
const PART = positiveInt('part-mib', argv['part-mib']) * MiB;
const ROUNDS = positiveInt('rounds', argv.rounds);
const CHILD_FLAGS = (argv['child-flags'] ?? '').split(' ').filter(Boolean);
const GiB = SIZE / (1024 * MiB);
const log = (message: string) => console.log(`[first-upload] ${message}`);
const rate = (seconds: number) => `${(SIZE / 1e6 / seconds).toFixed(0)} MB/s`;
const perGiB = (seconds: number) => (seconds / GiB).toFixed(2);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;

const ZMeasures = z.array(z.object({ seconds: z.number().positive(), cpuSeconds: z.number().nonnegative(), minorPageFaults: z.number().int().nonnegative() }));

// The file, the product's data folder and its Postgres go with the run, also on a failure or Ctrl-C.
const work = await mkdtemp(join(tmpdir(), 'ferry-first-upload-'));
let product: FerryProduct | undefined;
let cleaning: Promise<void> | undefined;
const cleanup = () =>
  (cleaning ??= (async () => {
    await product?.stop().catch((error: unknown) => console.error('[first-upload] stopping the product failed:', error));
    await rm(work, { recursive: true, force: true });
  })());
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    console.error(`[first-upload] ${signal}: stopping and cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

try {
  const file = join(work, 'big.bin');
  const handle = await open(file, 'w');
  const block = Buffer.allocUnsafe(16 * MiB);
  for (let written = 0; written < SIZE; written += block.length) await handle.write(randomFillSync(block), 0, Math.min(block.length, SIZE - written));
  await handle.close();
  log("starting npm start's product (all-in-one, embedded Postgres, local storage)");
  product = await startFerryProduct('first-upload-bench');
  const { api, pid } = product;
  const email = `first-upload-${Date.now()}@example.com`;
  const password = 'bench-password-1';
  await registerUser(product, email, password);
  const env = { FERRY_HOME: join(work, 'ferry-home'), FERRY_API: api, FERRY_PASSWORD: password };
  const login = await runFerryCli(['login', '--email', email], env);
  if (login.code !== 0) throw new Error(`ferry login failed: ${login.stderr}`);
  // Each step's token is fetched before the product's CPU is read (a login hashes the password there).
  const inThisProcess = (token: string): Promise<UploadMeasure> => uploadThroughApi({ api, token, path: file, partBytes: PART, checkpoints: join(work, 'checkpoints') });
  const inFreshProcess = async (token: string): Promise<UploadMeasure[]> => {
    const args = [...CHILD_FLAGS, '--import', 'tsx', fileURLToPath(new URL('first-upload-child.ts', import.meta.url)), api, token, file, String(PART), join(work, 'checkpoints-fresh'), '2'];
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, args, { maxBuffer: 1 << 20, timeout: 15 * 60_000 }, (error, out, stderr) => (error ? reject(new Error(`the fresh process failed: ${stderr || error.message}`)) : resolve(out))),
    );
    return ZMeasures.parse(JSON.parse(stdout));
  };
  const byCli = async () => {
    const run = await runFerryCli(['upload', file, '--part-mib', String(PART / MiB)], env);
    if (run.code !== 0) throw new Error(`ferry upload failed: ${run.stderr}`);
    return run;
  };
  log('warm-up: one upload in this process and one by the CLI (not timed)');
  await inThisProcess(await accessTokenOf(api, email, password));
  await byCli();

  const warmer = memoryWarmer(log);
  const results = { warm: [] as UploadMeasure[], first: [] as UploadMeasure[], second: [] as UploadMeasure[], cli: [] as { seconds: number; cpuSeconds: number }[] };
  const steps = {
    'this process': async (token: string) => {
      const m = await inThisProcess(token);
      results.warm.push(m);
      return `${rate(m.seconds)}, ${perGiB(m.cpuSeconds)} CPU s/GiB, ${m.minorPageFaults} minor faults`;
    },
    'a fresh process': async (token: string) => {
      const [first, second] = await inFreshProcess(token);
      if (!first || !second) throw new Error('the fresh process measured fewer than two uploads');
      results.first.push(first);
      results.second.push(second);
      return `(two uploads) first ${rate(first.seconds)}, ${perGiB(first.cpuSeconds)} CPU s/GiB, ${first.minorPageFaults} faults; second ${rate(second.seconds)}, ${perGiB(second.cpuSeconds)}, ${second.minorPageFaults} faults`;
    },
    'ferry upload': async () => {
      const run = await byCli();
      const cli = { seconds: run.ms / 1000, cpuSeconds: run.cpuSeconds };
      results.cli.push(cli);
      return `${rate(cli.seconds)}, ${perGiB(cli.cpuSeconds)} CPU s/GiB (start to exit; CPU sampled every 100 ms)`;
    },
  } as const;
  for (let round = 1; round <= ROUNDS; round++) {
    const order = Object.keys(steps) as (keyof typeof steps)[];
    if (round % 2 === 0) order.reverse();
    for (const step of order) {
      spawnSync('sync');
      warmer.before(step, SIZE);
      const token = step === 'ferry upload' ? '' : await accessTokenOf(api, email, password);
      // The fresh process's start (tsx, module loading) falls in this window too: its product figure is the uploads' and nothing else of the product's.
      const product0 = cpuTimesOf(pid);
      const text = await steps[step](token);
      const product1 = cpuTimesOf(pid);
      const uploads = step === 'a fresh process' ? 2 : 1;
      log(`round ${round}, ${step}: ${text}; the product ${perGiB((product1.user + product1.system - product0.user - product0.system) / uploads)} CPU s/GiB`);
    }
  }
  const summary = (list: { seconds: number; cpuSeconds: number; minorPageFaults?: number }[]) =>
    `${rate(median(list.map((m) => m.seconds)))}, ${perGiB(median(list.map((m) => m.cpuSeconds)))} CPU s/GiB` +
    (list[0]?.minorPageFaults === undefined ? '' : `, ${median(list.map((m) => m.minorPageFaults ?? 0))} minor page faults`);
  console.log('');
  console.log(`${(SIZE / MiB).toFixed(0)} MiB in ${PART / MiB} MiB parts through npm start's product, ${ROUNDS} rounds (medians of each figure on its own; CPU of the uploading process only)${CHILD_FLAGS.length ? `; the fresh process ran with ${CHILD_FLAGS.join(' ')}` : ''}:`);
  console.log(`  the engine in this long-running process: ${summary(results.warm)}`);
  console.log(`  a fresh process's first upload:          ${summary(results.first)} (its start left out)`);
  console.log(`  the same process's second upload:        ${summary(results.second)}`);
  console.log(`  ferry upload (start to exit):            ${summary(results.cli)}`);
  console.log(warmer.summary());
} finally {
  await cleanup();
}
