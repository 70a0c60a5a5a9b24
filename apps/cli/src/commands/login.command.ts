import { AUTH_ROUTES } from '@ferry/contracts';
import type { CliDeps } from '../cli-deps';
import { EXIT, usageError } from '../cli-error';
import { ferryHomeOf, readCliConfig, resolveApiUrl, writeCliConfig } from '../config/cli-home';
import { callRoute, createApiClient } from '../http/api-client';
import { refreshTokenFrom, ZSessionAnswer } from '../http/session';

export interface LoginOptions {
  api?: string;
  email?: string;
}

/**
 * `ferry login`: the password comes from FERRY_PASSWORD, else from stdin when it is piped, else
 * from a hidden prompt; never from a flag, where it would sit in the shell history and `ps`.
 */
export async function loginCommand(deps: CliDeps, options: LoginOptions): Promise<number> {
  const home = ferryHomeOf(deps.env, deps.homeDir);
  const stored = await readCliConfig(home).catch(() => undefined);
  const api = resolveApiUrl({ flag: options.api, env: deps.env, config: stored });
  const email = (options.email ?? (stored?.api === api ? stored.email : undefined) ?? (await ask(deps, 'Email: ', false)))?.trim();
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
