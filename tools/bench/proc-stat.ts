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
