import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is libs/testing/src/service-process.ts); ESM has no __dirname outside vitest. */
export const WORKSPACE_ROOT = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');

export interface ServiceProcess {
  name: string;
  child: ChildProcess;
  /** SIGTERM (graceful) and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL: the process gets no chance to clean up. */
  kill(): Promise<void>;
}

/** Runs one service's main.ts as its own OS process; its output goes to test-output/<name>.log. */
export function startServiceProcess(name: string, entry: string, env: Record<string, string>, nodeFlags: readonly string[] = []): ServiceProcess {
  const logDir = resolve(WORKSPACE_ROOT, 'test-output/platform-e2e');
  mkdirSync(logDir, { recursive: true });
  const out = createWriteStream(resolve(logDir, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', resolve(WORKSPACE_ROOT, entry)], {
    cwd: WORKSPACE_ROOT,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const waitExit = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
    });
  return {
    name,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await waitExit();
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await waitExit();
    },
  };
}
