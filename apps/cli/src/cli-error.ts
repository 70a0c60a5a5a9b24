/** Exit codes: 0 done, 1 failed, 2 wrong usage, 130 cancelled (as shells report Ctrl-C). */
export const EXIT = { ok: 0, failed: 1, usage: 2, cancelled: 130 } as const;

/** An error the CLI reports as `error CODE: message` and exits with. */
export class CliError extends Error {
  readonly exitCode: number;
  /** Print the whole usage text after the message (a command that does not exist, or not yet). */
  readonly showsUsage: boolean;

  constructor(
    readonly code: string,
    message: string,
    options: { exitCode?: number; showsUsage?: boolean } = {},
  ) {
    super(message);
    this.name = 'CliError';
    this.exitCode = options.exitCode ?? EXIT.failed;
    this.showsUsage = options.showsUsage ?? false;
  }
}

export function usageError(message: string, options: { showsUsage?: boolean } = {}): CliError {
  return new CliError('USAGE', message, { exitCode: EXIT.usage, showsUsage: options.showsUsage });
}
