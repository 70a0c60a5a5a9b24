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

/** Runs `ferry …` in this process with a home of its own, real fetch, and stdin as given (not a TTY unless a prompt is given). */
export async function ferry(
  argv: string[],
  options: {
    home: string;
    cwd?: string;
    stdin?: string;
    env?: Record<string, string>;
    fetch?: typeof fetch;
    signal?: AbortSignal;
    /** A terminal: stdin is a TTY and questions go to this prompt. */
    prompt?: CliDeps['prompt'];
  },
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
    stdin: { isTTY: options.prompt !== undefined, readAll: async () => options.stdin ?? '' },
    prompt: options.prompt,
    signal: options.signal,
  };
  const code = await runCli(argv, deps);
  return { code, stdout: stdout.text, stderr: stderr.text };
}
