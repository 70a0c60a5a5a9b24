import type { AdminNatsOptions } from '@ferry/bus';
import { isAppError } from '@ferry/contracts';

/** Where the commands find NATS and Postgres (the environment of the service they act on). */
export interface AdminEnv {
  natsUrl: string;
  /** NATS_PREFIX (which environment on a shared NATS) and the `admin` user's NATS credentials. */
  nats: AdminNatsOptions;
  /** DATABASE_URL, for the commands that read Postgres. */
  databaseUrl?: string;
}

/** The output and exit code of one command. */
export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

/** Runs `work`, which calls the services' RPCs; a service's refusal is printed with its code, exit 1. */
export async function reportRefusal(io: AdminIo, work: () => Promise<void>): Promise<number> {
  try {
    await work();
    return 0;
  } catch (error) {
    if (!isAppError(error)) throw error;
    io.err(`${error.code}: ${error.message}`);
    return 1;
  }
}

/** Columns separated by tabs, so `cut` and `awk` read the output. */
export function row(...cells: (string | number)[]): string {
  return cells.join('\t');
}
