import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { WORKSPACE_ROOT } from '@ferry/testing';

const run = promisify(execFile);

/** uid/gid of `nobody`/`nogroup`: who a staged service runs as when the test runs as root. */
const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;

/** Stages `apps` with tools/stage into a new folder that any user may read (and none but root write); its output lines. */
export async function stageApps(apps: readonly string[]): Promise<{ root: string; report: string }> {
  const root = mkdtempSync(join(tmpdir(), 'ferry-stage-'));
  chmodSync(root, 0o755);
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'tools/stage/stage-app.ts', '--out', root, '--link', ...apps], {
    cwd: WORKSPACE_ROOT,
    maxBuffer: 1 << 20,
  });
  return { root, report: stdout };
}

/** A folder the service's user may write (TMPDIR, DATA_DIR), and only that user. */
export function writableDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (isRoot) chownSync(dir, NOBODY, NOBODY);
  return dir;
}

export interface StagedProcess {
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs `args` in `cwd` as nobody when the test is root (as the current user otherwise), with `env` and PATH only. */
export function startAsUnprivileged(args: string[], cwd: string, env: Record<string, string>): StagedProcess {
  const argv = isRoot ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', process.execPath, ...args] : [process.execPath, ...args];
  const child = spawn(argv[0] as string, argv.slice(1), { cwd, env: { PATH: process.env['PATH'] ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once('exit', (code, signal) => done({ code, signal })));
  return { child, output: () => output, exited };
}
