import type { TPartToSign, TSignUploadResponse, TUploadedPart } from '@ferry/contracts';

/** What the engine asks of Ferry about one upload, by its upload token (over the gateway, or the bus in Node). */
export interface UploadApi {
  /** The single PUT again, or URLs for the named parts, each signed for its exact size. */
  sign(uploadToken: string, parts?: TPartToSign[]): Promise<TSignUploadResponse>;
  listParts(uploadToken: string): Promise<TUploadedPart[]>;
  abort(uploadToken: string): Promise<void>;
}

/** The gateway's `/storage/uploads/*` routes; the upload token is the only credential they need. */
export function createHttpUploadApi(options: { apiUrl: string; fetch?: typeof fetch }): UploadApi {
  const doFetch = options.fetch ?? fetch;
  const base = options.apiUrl.replace(/\/+$/, '');
  async function post<T>(path: string, body: unknown): Promise<T> {
    const res = await doFetch(`${base}/storage/uploads/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status === 204) return undefined as T;
    const json = (await res.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
    if (!res.ok) throw new UploadApiError(json.error?.code ?? `HTTP_${res.status}`, json.error?.message ?? res.statusText, res.status);
    return json as T;
  }
  return {
    sign: (uploadToken, parts) => post('sign', { uploadToken, parts }),
    listParts: async (uploadToken) => (await post<{ parts: TUploadedPart[] }>('parts', { uploadToken })).parts,
    abort: async (uploadToken) => {
      await post('abort', { uploadToken });
    },
  };
}

export class UploadApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadApiError';
  }
}
