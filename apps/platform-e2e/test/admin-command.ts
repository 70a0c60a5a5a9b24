import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { WORKSPACE_ROOT } from '@ferry/testing';

const run = promisify(execFile);

export interface AdminResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `ferry-admin` as an operator would, as its own process, with the given environment added; a failing exit is a result, not a throw. */
export async function ferryAdmin(env: Record<string, string>, ...args: string[]): Promise<AdminResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', resolve(WORKSPACE_ROOT, 'tools/admin/ferry-admin.ts'), ...args], {
      cwd: WORKSPACE_ROOT,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The `ferry-admin consumers` row of one durable consumer, or undefined when it is not there. */
export async function consumerRow(env: Record<string, string>, durable: string): Promise<{ lag: number; pending: number; ackPending: number; redelivered: number } | undefined> {
  const { stdout } = await ferryAdmin(env, 'consumers');
  const cells = stdout.split('\n').map((line) => line.split('\t')).find((row) => row[1] === durable);
  if (!cells) return undefined;
  const [lag, pending, ackPending, redelivered] = cells.slice(2).map(Number) as [number, number, number, number];
  return { lag, pending, ackPending, redelivered };
}
