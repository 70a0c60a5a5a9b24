import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UploadApiError } from '@ferry/upload-engine';
import type { CliDeps } from './cli-deps';
import { CliError, EXIT, usageError } from './cli-error';
import { getCommand } from './commands/get.command';
import { loginCommand } from './commands/login.command';
import { sendCommand } from './commands/send.command';
import { DEFAULT_PART_MIB, uploadCommand } from './commands/upload.command';
import { verifyCommand } from './commands/verify.command';
import { DEFAULT_API_URL } from './config/cli-home';

export const USAGE = `Usage: ferry <command> [options]

Commands:
  login [--api URL] [--email address]
      Log in and keep the session in ~/.ferry/config.json. The password comes from
      FERRY_PASSWORD, or stdin when it is piped, or a prompt; never from a flag.
  login --token <fy_pat_…|-> [--api URL]
      Log in with an API token made in Settings (\`-\` reads it from stdin); no password.
      Tokens may send and manage transfers and requests, nothing of the account.
  upload <paths…> [--region r] [--part-mib n] [--json] [--api URL]
      Upload files and folders (recursively) to your storage. Files of 50 MB and more go
      in parts of n MiB (default ${DEFAULT_PART_MIB}); Ctrl-C keeps the parts, and running the same
      command again resumes. Prints one line per file: file id, size, path.
  send <paths…> [--to a@b.c]… [--message text] [--expiry 7d|1m|3m|1y|YYYY-MM-DD] [--password p] [--region r] [--api URL]
      Send files and folders (their paths kept) as a transfer and print its download link.
      With --to (repeat it, or separate addresses with commas) each recipient is mailed
      their own link; without, it is a link to share. Needs \`ferry login\` or FERRY_TOKEN.
  get <link> [-o dir] [--password p] [--api URL]
      Download a transfer link (/w/… or a mailed /downloads/… link: every file, in its folders)
      or a signed storage link (a file or a ZIP) into dir (default: here); an interrupted
      download resumes from its .part file.
  verify <receipt.json> [file] [--keys keys.json]
      Check a delivery receipt: its signature against the keys its issuer publishes at
      /.well-known/ferry-receipt-keys.json (or a saved copy with --keys: no network), and,
      given the file, that its SHA-256 is the one the receipt names. Exit 0 only if both hold.

Environment:
  FERRY_API       the API (default ${DEFAULT_API_URL})
  FERRY_HOME      where the session and upload checkpoints live (default ~/.ferry)
  FERRY_PASSWORD  the password for \`ferry login\`
  FERRY_TOKEN     an API token to use instead of \`ferry login\` (for CI)

Exit codes: 0 done, 1 failed, 2 wrong usage, 130 cancelled.
`;

const COMMON = { help: { type: 'boolean', short: 'h' } } as const;
const OPTIONS = {
  login: { ...COMMON, api: { type: 'string' }, email: { type: 'string' }, token: { type: 'string' } },
  upload: { ...COMMON, api: { type: 'string' }, region: { type: 'string' }, 'part-mib': { type: 'string' }, json: { type: 'boolean' } },
  get: { ...COMMON, output: { type: 'string', short: 'o' }, password: { type: 'string' }, api: { type: 'string' } },
  verify: { ...COMMON, keys: { type: 'string' } },
  send: {
    ...COMMON,
    api: { type: 'string' },
    to: { type: 'string', multiple: true },
    message: { type: 'string' },
    expiry: { type: 'string' },
    password: { type: 'string' },
    region: { type: 'string' },
  },
} as const satisfies Record<string, ParseArgsConfig['options']>;
type TCommand = keyof typeof OPTIONS;

const isCommand = (name: string | undefined): name is TCommand => name !== undefined && Object.hasOwn(OPTIONS, name);

/** Runs one `ferry …` invocation and answers its exit code; every failure is reported as `error CODE: message`. */
export async function runCli(argv: readonly string[], deps: CliDeps): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    (command === undefined ? deps.stderr : deps.stdout).write(USAGE);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  try {
    if (!isCommand(command)) throw usageError(`Unknown command: ${command}`, { showsUsage: true });
    return await dispatch(command, rest, deps);
  } catch (error) {
    return report(error, deps);
  }
}

async function dispatch(command: TCommand, args: string[], deps: CliDeps): Promise<number> {
  const parsed = parse(command, args);
  if (parsed.values['help']) {
    deps.stdout.write(USAGE);
    return EXIT.ok;
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const text = (name: string) => values[name] as string | undefined;
  switch (command) {
    case 'login':
      if (parsed.positionals.length > 0) throw usageError('ferry login takes no arguments; the password never goes on the command line');
      return loginCommand(deps, { api: text('api'), email: text('email'), token: text('token') });
    case 'upload':
      return uploadCommand(deps, {
        paths: parsed.positionals,
        region: text('region'),
        partMib: partMibOf(text('part-mib')),
        json: values['json'] === true,
        api: text('api'),
      });
    case 'get': {
      const [url, ...extra] = parsed.positionals;
      if (url === undefined || extra.length > 0) throw usageError('ferry get takes one link: ferry get <url> [-o dir]');
      return getCommand(deps, { url, outDir: text('output'), password: text('password'), api: text('api') });
    }
    case 'verify': {
      const [receiptPath, filePath, ...extra] = parsed.positionals;
      if (receiptPath === undefined || extra.length > 0) throw usageError('ferry verify takes a receipt and optionally the file: ferry verify <receipt.json> [file] [--keys keys.json]');
      return verifyCommand(deps, { receiptPath, filePath, keysPath: text('keys') });
    }
    case 'send': {
      const to = ((values['to'] as unknown as string[] | undefined) ?? []).flatMap((v) => v.split(/[,;]/)).map((v) => v.trim()).filter(Boolean);
      return sendCommand(deps, {
        paths: parsed.positionals,
        to,
        message: text('message'),
        expiry: text('expiry'),
        password: text('password'),
        region: text('region'),
        api: text('api'),
      });
    }
  }
}

function parse(command: TCommand, args: string[]) {
  try {
    return parseArgs({ args, options: OPTIONS[command], allowPositionals: true, strict: true });
  } catch (error) {
    throw usageError((error as Error).message);
  }
}

function partMibOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const mib = Number(value);
  if (!Number.isInteger(mib) || mib < 1 || mib > 5 * 1024) throw usageError(`--part-mib must be a whole number of MiB from 1 to 5120, not ${value}`);
  return mib;
}

function report(error: unknown, deps: CliDeps): number {
  if (error instanceof CliError) {
    deps.stderr.write(`error ${error.code}: ${error.message}\n`);
    if (error.showsUsage) deps.stderr.write(`\n${USAGE}`);
    else if (error.exitCode === EXIT.usage) deps.stderr.write('Run `ferry --help` for usage.\n');
    return error.exitCode;
  }
  if (error instanceof UploadApiError) {
    deps.stderr.write(`error ${error.code}: ${error.message}\n`);
    return EXIT.failed;
  }
  if (deps.signal?.aborted) {
    deps.stderr.write('Cancelled.\n');
    return EXIT.cancelled;
  }
  deps.stderr.write(`error INTERNAL: ${(error as Error)?.message ?? String(error)}\n`);
  return EXIT.failed;
}
