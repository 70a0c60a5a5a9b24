import { z } from 'zod';
import type { CliDeps } from '../cli-deps';
import { CliError } from '../cli-error';
import { ferryHomeOf, readCliConfig, resolveApiUrl, writeCliConfig, type TCliConfig, type TCliSessionConfig } from '../config/cli-home';
import { AUTH_ROUTES } from '@ferry/contracts';
import { ApiError, callRoute, createApiClient, type ApiCallOptions, type ApiClient, type ApiResponse, type THttpVerb } from './api-client';

/** The gateway's refresh cookie; a browser keeps it in its jar, the CLI in its 0600 config. */
export const REFRESH_COOKIE = 'ferry_rt';

/** What login and refresh answer; only the fields the CLI uses, so new fields never break it. */
export const ZSessionAnswer = z.object({ accessToken: z.string().min(1), user: z.object({ email: z.string() }) });

export function refreshTokenFrom(headers: Headers): string | undefined {
  for (const line of headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === REFRESH_COOKIE) {
      const value = pair.slice(eq + 1).trim();
      return value || undefined;
    }
  }
  return undefined;
}

/**
 * Calls the API as the logged-in user. Access tokens last minutes, so on a 401 it renews the
 * session once from the refresh token (rotating it, as the browser does) and saves it.
 */
export function createSignedInClient(options: { client: ApiClient; config: TCliSessionConfig; save: (config: TCliConfig) => Promise<void> }): ApiClient {
  const { client } = options;
  let config = options.config;

  async function renew(): Promise<boolean> {
    if (!config.refreshToken) return false;
    let answer: ApiResponse<unknown>;
    try {
      answer = await callRoute(client, AUTH_ROUTES.refresh, { headers: { cookie: `${REFRESH_COOKIE}=${config.refreshToken}` } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return false;
      throw error;
    }
    const session = ZSessionAnswer.parse(answer.body);
    config = { ...config, accessToken: session.accessToken, refreshToken: refreshTokenFrom(answer.headers) ?? config.refreshToken };
    await options.save(config);
    return true;
  }

  return {
    apiUrl: client.apiUrl,
    async call<T>(method: THttpVerb, path: string, call: ApiCallOptions = {}) {
      const signed = () => client.call<T>(method, path, { ...call, headers: { ...call.headers, authorization: `Bearer ${config.accessToken}` } });
      try {
        return await signed();
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401) throw error;
        if (!(await renew())) throw new ApiError('SESSION_EXPIRED', `Your session on ${client.apiUrl} has ended; run \`ferry login\` again`, 401);
        return signed();
      }
    },
  };
}

/**
 * Calls the API with a personal access token (`fy_pat_…`): nothing to renew, and no password ever.
 * A refused token (revoked, expired) fails with the API's own code and message.
 */
export function createTokenClient(client: ApiClient, apiToken: string): ApiClient {
  return {
    apiUrl: client.apiUrl,
    call: (method, path, call = {}) => client.call(method, path, { ...call, headers: { ...call.headers, authorization: `Bearer ${apiToken}` } }),
  };
}

/** What a command that acts for the logged-in user works with. */
export interface CliSession {
  home: string;
  apiUrl: string;
  /** The API without the session (storage upload calls, which carry their own token). */
  plain: ApiClient;
  /** The API with the access token, renewed from the refresh token and saved when it runs out. */
  api: ApiClient;
}

/** The saved session for the API the user named (flag, FERRY_API or the saved one); NOT_LOGGED_IN otherwise. */
export async function openCliSession(
  deps: Pick<CliDeps, 'env' | 'homeDir' | 'fetch'>,
  options: { api?: string; notLoggedIn: string },
): Promise<CliSession> {
  const home = ferryHomeOf(deps.env, deps.homeDir);
  const envToken = deps.env['FERRY_TOKEN']?.trim();
  if (envToken) {
    // FERRY_TOKEN (a CI secret) needs no `ferry login`; a saved config only lends its API address.
    const saved = await readCliConfig(home).catch(() => undefined);
    const apiUrl = resolveApiUrl({ flag: options.api, env: deps.env, config: saved });
    const plain = createApiClient({ apiUrl, fetch: deps.fetch });
    return { home, apiUrl, plain, api: createTokenClient(plain, envToken) };
  }
  const config = await readCliConfig(home);
  if (!config) throw new CliError('NOT_LOGGED_IN', options.notLoggedIn);
  const apiUrl = resolveApiUrl({ flag: options.api, env: deps.env, config });
  if (apiUrl !== config.api) throw new CliError('NOT_LOGGED_IN', `You are logged in to ${config.api}, not ${apiUrl}; run \`ferry login --api ${apiUrl}\``);
  const plain = createApiClient({ apiUrl, fetch: deps.fetch });
  if ('apiToken' in config) return { home, apiUrl, plain, api: createTokenClient(plain, config.apiToken) };
  return { home, apiUrl, plain, api: createSignedInClient({ client: plain, config, save: (renewed) => writeCliConfig(home, renewed) }) };
}
