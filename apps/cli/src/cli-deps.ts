/** Where the CLI writes: process.stdout / process.stderr, or a buffer in tests. */
export interface TextOutput {
  write(text: string): void;
  /** A terminal gets one updating progress line; anything else gets plain lines. */
  isTTY?: boolean;
  columns?: number;
}

/** Everything a command touches outside its own logic, passed in so tests can run commands in-process. */
export interface CliDeps {
  env: Record<string, string | undefined>;
  /** The user's home directory; `~/.ferry` lives here unless FERRY_HOME says otherwise. */
  homeDir: string;
  cwd: string;
  fetch: typeof fetch;
  stdout: TextOutput;
  stderr: TextOutput;
  stdin: {
    isTTY?: boolean;
    /** All of stdin as text (a password piped in). */
    readAll(): Promise<string>;
  };
  /** Asks a question on the terminal; only used when stdin is a TTY. */
  prompt?: (question: string, options: { hidden: boolean }) => Promise<string>;
  /** Aborted on Ctrl-C: uploads keep their parts, downloads keep their `.part` file. */
  signal?: AbortSignal;
  now?: () => number;
}
