import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces): field 3 (state) is [0]. */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU seconds in user and in kernel mode (all threads) a process has used so far (clock ticks of 1/100 s); throws when it is gone. */
export function cpuTimesOf(pid: number): { user: number; system: number } {
  const fields = statFields(pid);
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

/** CPU seconds (user + system, all threads) a process has used so far; throws when it is gone. */
export function cpuSecondsOf(pid: number): number {
  const { user, system } = cpuTimesOf(pid);
  return user + system;
}

/** A process's resident memory now (VmRSS), 0 once it is gone. */
export function rssOf(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** CPU seconds so far of a process, 0 once it is gone. */
export function cpuSecondsOrZero(pid: number): number {
  try {
    return cpuSecondsOf(pid);
  } catch {
    return 0;
  }
}

/** The parent's pid; throws when the process is gone. */
export function parentPidOf(pid: number): number {
  return Number(statFields(pid)[1]);
}

const PAGE_REPORTING = '/sys/module/page_reporting/parameters';

/**
 * Free page reporting (virtio-balloon), when the guest kernel has it: freed memory is handed back to
 * the hypervisor `minFreeMs` after it is freed, and touching such memory again costs the kernel a
 * host fault per page — measured on this workplace's VMs: ~2.4 CPU s per GiB first touched, charged
 * to whichever process writes into fresh page cache or buffers. `reportedKiB` counts what was handed
 * back since boot. Null on a machine without it.
 */
export function freePageReporting(): { minFreeMs: number; reportedKiB: number } | null {
  try {
    return {
      minFreeMs: Number(readFileSync(`${PAGE_REPORTING}/min_free_ms`, 'utf8')),
      reportedKiB: Number(readFileSync(`${PAGE_REPORTING}/reported_kib`, 'utf8')),
    };
  } catch {
    return null;
  }
}

/** The shortest hold for which warming memory before a timed phase is worth it (the phase must start within it). */
const WARM_HOLD_MS = 10_000;

/**
 * Before a timed phase that writes `bytes` into page cache or buffers: when this kernel hands freed
 * memory back to the hypervisor and holds it for at least 10 s first, a child process touches twice
 * that much memory (plus 256 MiB) and exits, so the phase writes into pages the guest holds instead of
 * paying the host's fault per fresh page (~2.4 CPU s/GiB) in whichever process writes first (once as
 * much was not enough: storage still spent ~0.6 CPU s/GiB more in the kernel than with memory warm).
 * Run before each side's phase, it gives both sides the same start. Answers what it touched and the
 * seconds it took, or null when it did nothing (no free page reporting, or freed memory goes back
 * sooner than 10 s, so warming would not hold).
 */
export function warmFreeMemory(bytes: number): { touched: number; seconds: number } | null {
  const reporting = freePageReporting();
  if (!reporting || reporting.minFreeMs < WARM_HOLD_MS) return null;
  const started = performance.now();
  const chunk = 256 * 1024 * 1024;
  const chunks = Math.ceil((2 * bytes) / chunk) + 1;
  const result = spawnSync(process.execPath, ['-e', `const kept = []; for (let i = 0; i < ${chunks}; i++) kept.push(Buffer.allocUnsafeSlow(${chunk}).fill(1));`], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`warming ${chunks * chunk} bytes of memory failed (exit ${result.status})`);
  return { touched: chunks * chunk, seconds: (performance.now() - started) / 1000 };
}

/**
 * Warms memory before each timed phase of a bench (warmFreeMemory) and keeps which phases it warmed
 * for the report: `before` logs what it touched, `summary` is the report's line.
 */
export function memoryWarmer(log: (message: string) => void) {
  const warmed: string[] = [];
  return {
    before(phase: string, bytes: number): void {
      const warm = warmFreeMemory(bytes);
      if (warm === null) return;
      if (!warmed.includes(phase)) warmed.push(phase);
      log(`  touched ${(warm.touched / (1024 * 1024)).toFixed(0)} MiB of memory before ${phase} (${warm.seconds.toFixed(1)} s, not timed)`);
    },
    summary(): string {
      return warmed.length > 0
        ? `Memory was touched just before each of these, so each wrote into memory the guest held: ${warmed.join(', ')}.`
        : 'Memory was not warmed before the timed phases: this kernel hands freed memory back sooner than the 10 s a warm-up must hold (or reports none), so they wrote into fresh memory where the kernel gave it (tools/bench/upload/README.md, "CPU").';
    },
  };
}
