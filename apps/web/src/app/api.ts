import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { loadWithRetry } from './lazy';
import { signedIn, signedOut, type SessionState } from './session.slice';

/**
 * The gateway's API on this origin (the web app is served by the gateway or behind the same CDN
 * host). Absolute, so `new Request()` also accepts it outside a browser (component tests).
 */
export const API_BASE = `${typeof window === 'undefined' ? '' : window.location.origin}/api/v1`;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  credentials: 'include',
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as { session: SessionState }).session.accessToken;
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

let refreshing: Promise<boolean> | null = null;

/**
 * A refresh that failed for a reason that says nothing about the session (the network, the server
 * answering 5xx, or 429: too many requests from this address, which many people behind one office
 * network share) is tried again after these waits before the visitor is signed out, a 429 after the
 * wait it asked for (up to REFRESH_MAX_RETRY_AFTER_MS); another 4xx (the refresh token is gone,
 * expired or revoked) signs out at once. A retry after a rotation whose answer was lost presents the
 * old token again, which identity accepts from the same browser.
 */
export const REFRESH_RETRY_DELAYS_MS = [300, 1_000];
export const REFRESH_MAX_RETRY_AFTER_MS = 30_000;

/** How long to wait before trying a failed refresh again, or null when the failure says the session is gone. */
function retryWait(result: { error?: FetchBaseQueryError; meta?: { response?: Response } } | null, delay: number): number | null {
  const error = result?.error;
  if (!error) return null;
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return delay;
  if (error.status === 429) {
    // Every 429 of the gateway says how long in its Retry-After header (seconds).
    const asked = Number(result?.meta?.response?.headers.get('retry-after'));
    return Math.min(REFRESH_MAX_RETRY_AFTER_MS, Math.max(delay, Number.isFinite(asked) ? asked * 1000 : 0));
  }
  return typeof error.status === 'number' && error.status >= 500 ? delay : null;
}

const loadSessionRefresh = () => import('./session-refresh');

/** With a stored session the app starts by refreshing it: main.tsx fetches the refresh code at once, not after the first render. */
export function preloadSessionRefresh(): void {
  loadSessionRefresh().catch(() => undefined);
}

/** One refresh at a time: concurrent 401s wait for the same rotation instead of racing the cookie. */
export function refreshSession(api: { dispatch: (action: unknown) => unknown }, extra: Parameters<BaseQueryFn>[2] = {}): Promise<boolean> {
  refreshing ??= (async () => {
    // A refresh code that never loads counts as a refresh that failed (as a network error does).
    const refresh = await loadWithRetry(loadSessionRefresh).catch(() => null);
    let result = refresh ? await rawBaseQuery(refresh.refreshArgs(), api as never, extra) : null;
    for (const delay of REFRESH_RETRY_DELAYS_MS) {
      const wait = retryWait(result, delay);
      if (!refresh || wait === null) break;
      await new Promise((resolve) => setTimeout(resolve, wait));
      result = await rawBaseQuery(refresh.refreshArgs(), api as never, extra);
    }
    refreshing = null;
    const session = refresh && result ? refresh.sessionOf(result.data) : null;
    if (session) {
      api.dispatch(signedIn(session));
      return true;
    }
    api.dispatch(signedOut());
    return false;
  })();
  return refreshing;
}

/** A signed-in call that answers 401 refreshes the session once and is tried again. */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  let result = await rawBaseQuery(args, api, extra);
  const hadToken = (api.getState() as { session: SessionState }).session.accessToken !== null;
  const url = typeof args === 'string' ? args : args.url;
  if (result.error?.status === 401 && hadToken && !url.startsWith('/auth/')) {
    if (await refreshSession(api, extra)) result = await rawBaseQuery(args, api, extra);
  }
  return result;
};

/** The one API slice; features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Me', 'Transfers', 'Requests', 'Notifications', 'Contacts', 'Downloads', 'Analytics', 'Usage', 'Billing', 'Team', 'ApiTokens', 'DownloadHost', 'SendingDomain'],
  endpoints: () => ({}),
});
