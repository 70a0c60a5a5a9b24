import { resolveHttpUrl, type HttpRoute, type THttpCall, type THttpResponse } from '@ferry/contracts';
import { CliError } from '../cli-error';

/** An error the API answered with (`{ error: { code, message } }`), or the reason it could not be reached. */
export class ApiError extends CliError {
  constructor(
    code: string,
    message: string,
    readonly status: number,
  ) {
    super(code, message);
    this.name = 'ApiError';
  }
}

export interface ApiResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiCallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export type THttpVerb = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface ApiClient {
  readonly apiUrl: string;
  /** JSON in, JSON out; a non-2xx answer throws an ApiError with the API's code. */
  call<T>(method: THttpVerb, path: string, options?: ApiCallOptions): Promise<ApiResponse<T>>;
}

/**
 * Calls a route of `@ferry/contracts`: its method, its path with the params filled in (as the web
 * app resolves them), the query and the body. The answer is typed by the contract, not parsed.
 */
export function callRoute<R extends HttpRoute>(
  client: ApiClient,
  route: R,
  call: THttpCall<R> & Pick<ApiCallOptions, 'headers' | 'signal'>,
): Promise<ApiResponse<THttpResponse<R>>> {
  const { body, headers, signal } = call;
  return client.call(route.method.toUpperCase() as THttpVerb, resolveHttpUrl(route, call), { body, headers, signal });
}

/** Reads an error body the Ferry way, falling back to the HTTP status when the body is something else. */
export async function apiErrorFrom(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let error: { code?: unknown; message?: unknown } | undefined;
  try {
    error = (JSON.parse(text) as { error?: { code?: unknown; message?: unknown } }).error;
  } catch {
    error = undefined;
  }
  const code = typeof error?.code === 'string' ? error.code : `HTTP_${res.status}`;
  const message = typeof error?.message === 'string' ? error.message : res.statusText || `The server answered ${res.status}`;
  return new ApiError(code, message, res.status);
}

/** A fetch that turns "could not connect" into an error naming the address. */
export async function fetchOrExplain(doFetch: typeof fetch, url: string, init: RequestInit): Promise<Response> {
  try {
    return await doFetch(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    throw new ApiError('NETWORK_ERROR', `Could not reach ${new URL(url).origin}: ${cause?.code ?? cause?.message ?? (error as Error).message}`, 0);
  }
}

export function createApiClient(options: { apiUrl: string; fetch: typeof fetch }): ApiClient {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  return {
    apiUrl,
    async call<T>(method: THttpVerb, path: string, call: ApiCallOptions = {}) {
      const res = await fetchOrExplain(options.fetch, `${apiUrl}${path}`, {
        method,
        headers: { accept: 'application/json', ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}), ...call.headers },
        body: call.body !== undefined ? JSON.stringify(call.body) : undefined,
        signal: call.signal,
      });
      if (!res.ok) throw await apiErrorFrom(res);
      const text = await res.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        throw new ApiError('BAD_RESPONSE', `${apiUrl}${path} did not answer JSON; is ${apiUrl} a Ferry API?`, res.status);
      }
      return { status: res.status, body: body as T, headers: res.headers };
    },
  };
}
