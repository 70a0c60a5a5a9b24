import { isErrorCode, type TErrorCode } from '@ferry/contracts';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** What went wrong without a code from the gateway: no answer at all, or an answer that is not Ferry's. */
export type TClientProblemCode = 'NETWORK' | 'UNKNOWN' | `HTTP_${number}`;

/** What the gateway said went wrong: `{error: {code, message}}`, or a network failure. */
export interface ApiProblem {
  status: number | 'network';
  /** One of the gateway's stable codes (ERROR_STATUS), or a client-side one when it did not answer with a code. */
  code: TErrorCode | TClientProblemCode;
  message: string;
  /** How long the server asked the client to wait (a 429's `details.retryAfterSeconds`). */
  retryAfterSeconds?: number;
}

export function apiProblem(error: FetchBaseQueryError | SerializedError | undefined | unknown): ApiProblem {
  const e = error as { status?: unknown; data?: unknown } | undefined;
  if (e && typeof e.status === 'number') {
    const body = (e.data ?? {}) as { error?: { code?: unknown; message?: string; details?: { retryAfterSeconds?: unknown } } };
    const code = body.error?.code;
    const retryAfter = body.error?.details?.retryAfterSeconds;
    return {
      status: e.status,
      code: typeof code === 'string' && isErrorCode(code) ? code : `HTTP_${e.status}`,
      message: body.error?.message ?? '',
      ...(typeof retryAfter === 'number' && retryAfter > 0 ? { retryAfterSeconds: Math.ceil(retryAfter) } : {}),
    };
  }
  if (e && (e.status === 'FETCH_ERROR' || e.status === 'TIMEOUT_ERROR')) return { status: 'network', code: 'NETWORK', message: 'failed to navigate' };
  return { status: 'network', code: 'UNKNOWN', message: String((error as Error | undefined)?.message ?? '') };
}
