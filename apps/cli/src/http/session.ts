import { z } from 'zod';
import type { TCliConfig } from '../config/cli-home';
import { ApiError, type ApiCallOptions, type ApiClient, type ApiResponse } from './api-client';

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
export function createSignedInClient(options: { client: ApiClient; config: TCliConfig; save: (config: TCliConfig) => Promise<void> }): ApiClient {
  const { client } = options;
  let config = options.config;

  async function renew(): Promise<boolean> {
    if (!config.refreshToken) return false;
    let answer: ApiResponse<unknown>;
    try {
      answer = await client.call('POST', '/auth/refresh', { headers: { cookie: `${REFRESH_COOKIE}=${config.refreshToken}` } });
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
    async call<T>(method: 'GET' | 'POST', path: string, call: ApiCallOptions = {}) {
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
