import { Worker } from 'node:worker_threads';

/**
 * Samples VmRSS of some processes every `intervalMs` from /proc/<pid>/status, on a worker thread
 * so a busy bench event loop does not skip samples. Values are bytes, shared through a
 * SharedArrayBuffer: per pid [current, peak since the last reset].
 */
export interface RssMonitor {
  current(pid: number): number;
  peak(pid: number): number;
  /** Starts a new peak window (the peak becomes the current value). */
  resetPeaks(): void;
  /** The median of `count` samples taken `every` ms apart: a steady idle figure. */
  settle(pid: number, count?: number, every?: number): Promise<number>;
  stop(): Promise<void>;
}

const WORKER = `
const { workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { pids, shared, intervalMs } = workerData;
const values = new Float64Array(shared);
function sample() {
  pids.forEach((pid, i) => {
    try {
      const match = /VmRSS:\\s+(\\d+)\\s+kB/.exec(readFileSync('/proc/' + pid + '/status', 'utf8'));
      if (!match) return;
      const bytes = Number(match[1]) * 1024;
      values[2 * i] = bytes;
      if (bytes > values[2 * i + 1]) values[2 * i + 1] = bytes;
    } catch {
      // the process is gone
    }
  });
}
sample();
setInterval(sample, intervalMs);
`;

export function startRssMonitor(pids: number[], intervalMs = 50): RssMonitor {
  const shared = new SharedArrayBuffer(Float64Array.BYTES_PER_ELEMENT * 2 * pids.length);
  const values = new Float64Array(shared);
  const worker = new Worker(WORKER, { eval: true, workerData: { pids, shared, intervalMs } });
  worker.unref();
  const slot = (pid: number) => {
    const index = pids.indexOf(pid);
    if (index < 0) throw new Error(`pid ${pid} is not monitored`);
    return 2 * index;
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    current: (pid) => values[slot(pid)] ?? 0,
    peak: (pid) => values[slot(pid) + 1] ?? 0,
    resetPeaks() {
      for (let i = 0; i < pids.length; i += 1) values[2 * i + 1] = values[2 * i] ?? 0;
    },
    async settle(pid, count = 11, every = 100) {
      const samples: number[] = [];
      for (let i = 0; i < count; i += 1) {
        samples.push(values[slot(pid)] ?? 0);
        await sleep(every);
      }
      return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0;
    },
    async stop() {
      await worker.terminate();
    },
  };
}
