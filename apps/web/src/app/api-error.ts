import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** What the gateway said went wrong: `{error: {code, message}}`, or a network failure. */
export interface ApiProblem {
  status: number | 'network';
  code: string;
  message: string;
  /** How long the server asked the client to wait (a 429's `details.retryAfterSeconds`). */
  retryAfterSeconds?: number;
}

export function apiProblem(error: FetchBaseQueryError | SerializedError | undefined | unknown): ApiProblem {
  const e = error as { status?: unknown; data?: unknown } | undefined;
  if (e && typeof e.status === 'number') {
    const body = (e.data ?? {}) as { error?: { code?: string; message?: string; details?: { retryAfterSeconds?: unknown } } };
    const retryAfter = body.error?.details?.retryAfterSeconds;
    return {
      status: e.status,
      code: body.error?.code ?? `HTTP_${e.status}`,
      message: body.error?.message ?? '',
      ...(typeof retryAfter === 'number' && retryAfter > 0 ? { retryAfterSeconds: Math.ceil(retryAfter) } : {}),
    };
  }
  if (e && (e.status === 'FETCH_ERROR' || e.status === 'TIMEOUT_ERROR')) return { status: 'network', code: 'NETWORK', message: 'failed to navigate' };
  return { status: 'network', code: 'UNKNOWN', message: String((error as Error | undefined)?.message ?? '') };
}
