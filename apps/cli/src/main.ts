import { homedir } from 'node:os';
import { text } from 'node:stream/consumers';
import { runCli } from './run-cli';
import { promptOnTerminal } from './terminal/terminal-prompt';

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
