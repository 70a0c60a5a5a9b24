import { homedir } from 'node:os';
import cliPackage from '../package.json' with { type: 'json' };
import { text } from 'node:stream/consumers';

if (process.argv[2] === '--version' || process.argv[2] === '-V') {
  process.stdout.write(`ferry ${cliPackage.version}\n`);
  process.exit(0);
}
// Loaded after the version check: in the bundle, the commands and their schemas are evaluated only when a command runs.
const { runCli } = await import('./run-cli');
const { promptOnTerminal } = await import('./terminal/terminal-prompt');

// The first Ctrl-C cancels cleanly (uploads keep their parts, downloads their .part file); a second one quits at once.
const cancel = new AbortController();
process.on('SIGINT', () => {
  if (cancel.signal.aborted) process.exit(130);
  cancel.abort();
});

process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  homeDir: homedir(),
  cwd: process.cwd(),
  fetch: globalThis.fetch,
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: { isTTY: process.stdin.isTTY, readAll: () => text(process.stdin) },
  prompt: promptOnTerminal,
  signal: cancel.signal,
});
