import { API_TOKEN_PATTERN, API_TOKEN_PREFIX, AUTH_ROUTES, TRANSFER_ROUTES } from '@ferry/contracts';
import type { CliDeps } from '../cli-deps';
import { EXIT, usageError } from '../cli-error';
import { ferryHomeOf, readCliConfig, resolveApiUrl, writeCliConfig } from '../config/cli-home';
import { callRoute, createApiClient } from '../http/api-client';
import { createTokenClient, refreshTokenFrom, ZSessionAnswer } from '../http/session';

export interface LoginOptions {
  api?: string;
  email?: string;
  /** An API token (`fy_pat_…`), or `-` to read it from stdin. */
  token?: string;
}

/**
 * `ferry login`: the password comes from FERRY_PASSWORD, else from stdin when it is piped, else
 * from a hidden prompt; never from a flag, where it would sit in the shell history and `ps`.
 */
export async function loginCommand(deps: CliDeps, options: LoginOptions): Promise<number> {
  const home = ferryHomeOf(deps.env, deps.homeDir);
  const stored = await readCliConfig(home).catch(() => undefined);
  const api = resolveApiUrl({ flag: options.api, env: deps.env, config: stored });
  if (options.token !== undefined) return loginWithToken(deps, { home, api, token: options.token });
  const storedEmail = stored?.api === api && 'email' in stored ? stored.email : undefined;
  const email = (options.email ?? storedEmail ?? (await ask(deps, 'Email: ', false)))?.trim();
  if (!email) throw usageError('Give your email with --email');
  const password = await readPassword(deps);
  if (!password) throw usageError('No password: set FERRY_PASSWORD, pipe it on stdin, or run `ferry login` in a terminal');

  const client = createApiClient({ apiUrl: api, fetch: deps.fetch });
  const answer = await callRoute(client, AUTH_ROUTES.login, { body: { email, password }, signal: deps.signal });
  const session = ZSessionAnswer.parse(answer.body);
  await writeCliConfig(home, { api, accessToken: session.accessToken, email: session.user.email, refreshToken: refreshTokenFrom(answer.headers) });
  deps.stdout.write(`Logged in to ${api} as ${session.user.email}\n`);
  return EXIT.ok;
}

/**
 * `ferry login --token <t>` (or `--token -`, the token on stdin, which keeps it out of the shell
 * history): checks the token with a call inside its scope and keeps it in the 0600 config.
 */
async function loginWithToken(deps: CliDeps, options: { home: string; api: string; token: string }): Promise<number> {
  const token = (options.token === '-' ? (await deps.stdin.readAll()).split(/\r?\n/)[0] ?? '' : options.token).trim();
  if (!API_TOKEN_PATTERN.test(token)) throw usageError(`That is not a Ferry API token: they start with ${API_TOKEN_PREFIX} (create one in Settings, API tokens)`);
  const client = createTokenClient(createApiClient({ apiUrl: options.api, fetch: deps.fetch }), token);
  await callRoute(client, TRANSFER_ROUTES.list, { query: { limit: 1 }, signal: deps.signal });
  await writeCliConfig(options.home, { api: options.api, apiToken: token });
  deps.stdout.write(`Logged in to ${options.api} with API token ${token.slice(0, API_TOKEN_PREFIX.length + 4)}…\n`);
  return EXIT.ok;
}

async function readPassword(deps: CliDeps): Promise<string | undefined> {
  const fromEnv = deps.env['FERRY_PASSWORD'];
  if (fromEnv) return fromEnv;
  if (!deps.stdin.isTTY) {
    // The first line only: `echo secret | ferry login` adds a newline that is not part of the password.
    const text = await deps.stdin.readAll();
    return text.split(/\r?\n/)[0] || undefined;
  }
  return ask(deps, 'Password: ', true);
}

async function ask(deps: CliDeps, question: string, hidden: boolean): Promise<string | undefined> {
  if (!deps.stdin.isTTY || !deps.prompt) return undefined;
  return deps.prompt(question, { hidden });
}
