import type { CliDeps } from '../src/cli-deps';
import { runCli } from '../src/run-cli';

export interface Captured {
  text: string;
  isTTY: boolean;
  write(chunk: string): void;
}

function capture(): Captured {
  const out: Captured = { text: '', isTTY: false, write: (chunk) => void (out.text += chunk) };
  return out;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `ferry …` in this process with a home of its own, real fetch, and stdin as given (not a TTY). */
export async function ferry(
  argv: string[],
  options: { home: string; cwd?: string; stdin?: string; env?: Record<string, string>; fetch?: typeof fetch; signal?: AbortSignal },
): Promise<CliRun> {
  const stdout = capture();
  const stderr = capture();
  const deps: CliDeps = {
    env: { FERRY_HOME: options.home, ...options.env },
    homeDir: '/nonexistent-home',
    cwd: options.cwd ?? process.cwd(),
    fetch: options.fetch ?? globalThis.fetch,
    stdout,
    stderr,
    stdin: { isTTY: false, readAll: async () => options.stdin ?? '' },
    signal: options.signal,
  };
  const code = await runCli(argv, deps);
  return { code, stdout: stdout.text, stderr: stderr.text };
}
