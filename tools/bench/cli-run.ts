import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { WORKSPACE_ROOT } from '@ferry/testing';
import { cpuSecondsOrZero, rssOf } from './proc-stat';

/** Samples the peak RSS of whatever `pids()` names, every 100 ms, until stopped. */
export function peakSampler(pids: () => number[]) {
  let peak = 0;
  const timer = setInterval(() => {
    for (const pid of pids()) peak = Math.max(peak, rssOf(pid));
  }, 100);
  return { stop: () => (clearInterval(timer), peak) };
}

export interface CliRun {
  code: number;
  /** From spawning the process to its exit. */
  ms: number;
  peakRss: number;
  /** User + system, sampled every 100 ms while it ran (the last reading, up to 100 ms short). */
  cpuSeconds: number;
  stderr: string;
}

/** `ferry <args>` through the repository's bin (the esbuild bundle, as users run it), with its peak RSS and CPU. */
export function runFerryCli(argv: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [resolve(WORKSPACE_ROOT, 'apps/cli/bin/ferry.mjs'), ...argv], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  const sampler = peakSampler(() => (child.pid ? [child.pid] : []));
  let cpuSeconds = 0;
  const cpuTimer = setInterval(() => child.pid && (cpuSeconds = Math.max(cpuSeconds, cpuSecondsOrZero(child.pid))), 100);
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  return new Promise((done) =>
    child.on('exit', (code) => {
      clearInterval(cpuTimer);
      done({ code: code ?? 1, ms: performance.now() - started, peakRss: sampler.stop(), cpuSeconds, stderr });
    }),
  );
}
