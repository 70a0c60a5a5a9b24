import { describe, expect, it } from 'vitest';
import type { TPresignedRequest } from '@ferry/contracts';
import { createMemoryCheckpointStore } from './checkpoint-store';
import { putSigned, RESIGN_MARGIN_MS } from './signed-put';
import { createUploadContext } from './upload-context';
import { PartError, UploadCancelledError } from './upload-errors';
import type { UploadFileOptions } from './upload-file.types';

const NOW = Date.UTC(2026, 10, 25, 12);
const url = (sig: string, msLeft = 3_600_000): TPresignedRequest => ({ method: 'PUT', url: `http://storage.test/o?sig=${sig}`, headers: {}, expiresAt: new Date(NOW + msLeft).toISOString() });

/** A context whose storage answers each PUT with the next status of `statuses` (or throws what `fail` gives). */
function contextWith(statuses: number[], options: { signal?: AbortSignal; fail?: () => Error } = {}) {
  const puts: string[] = [];
  const fetch = (async (input: string) => {
    puts.push(input);
    if (options.fail) throw options.fail();
    return new Response(null, { status: statuses.shift() ?? 200, headers: { etag: '"e"' } });
  }) as unknown as typeof globalThis.fetch;
  return { ctx: createUploadContext(optionsWith(fetch, options.signal)), puts };
}

function optionsWith(fetch: typeof globalThis.fetch, signal?: AbortSignal): UploadFileOptions {
  return {
    source: { name: 'a.bin', size: 3, path: 'a.bin', slice: () => new Blob([new Uint8Array(3)]) },
    grant: { fileId: 'f', name: 'a.bin', size: 3, region: 'oss-cn-hongkong', key: 'k', uploadToken: 't' },
    api: { sign: async () => ({}), listParts: async () => [], abort: async () => undefined },
    checkpoints: createMemoryCheckpointStore(),
    fetch,
    now: () => NOW,
    signal,
  };
}

function source(first: TPresignedRequest) {
  let resigns = 0;
  return {
    urls: { current: async () => first, resign: async () => url(`fresh-${(resigns += 1)}`) },
    resigns: () => resigns,
  };
}

describe('a signed PUT', () => {
  it('when a URL was signed for POST (the local driver\'s parts), then the bytes go as a POST with exactly its headers, so a browser sends no preflight', async () => {
    const sent: { method?: string; headers?: RequestInit['headers'] }[] = [];
    const fetch = (async (_input: string, init: RequestInit) => {
      sent.push({ method: init.method, headers: init.headers });
      return new Response(null, { status: 200, headers: { etag: '"e"' } });
    }) as unknown as typeof globalThis.fetch;
    const ctx = createUploadContext(optionsWith(fetch));
    const posted = { ...url('part'), method: 'POST' as const };
    await putSigned(ctx, { current: async () => posted, resign: async () => posted }, new Blob([new Uint8Array(3)]), 1);
    await putSigned(ctx, source(url('single')).urls, new Blob([new Uint8Array(3)]), 1);
    expect(sent).toEqual([
      { method: 'POST', headers: {} },
      { method: 'PUT', headers: {} },
    ]);
  });

  it('when storage answers 403 once, then the URL is signed again and the PUT goes through', async () => {
    const { ctx, puts } = contextWith([403, 200]);
    const signed = source(url('old'));
    const res = await putSigned(ctx, signed.urls, new Blob([new Uint8Array(3)]), 7);
    expect(res.status).toBe(200);
    expect(puts).toEqual(['http://storage.test/o?sig=old', 'http://storage.test/o?sig=fresh-1']);
  });

  it('when storage refuses the fresh URL too, then the part fails with its number and the status', async () => {
    const { ctx } = contextWith([403, 403]);
    await expect(putSigned(ctx, source(url('old')).urls, new Blob([new Uint8Array(3)]), 7)).rejects.toMatchObject({ message: 'Storage answered 403', partNumber: 7, status: 403 });
  });

  it('when the URL has less than the margin left, then it is signed again before any byte is sent', async () => {
    const { ctx, puts } = contextWith([200]);
    await putSigned(ctx, source(url('dying', RESIGN_MARGIN_MS - 1)).urls, new Blob([new Uint8Array(3)]), 1);
    expect(puts).toEqual(['http://storage.test/o?sig=fresh-1']);
  });

  it("when the fetch is the browser's, which refuses to be called on anything but the window, then the PUT still goes out", async () => {
    const puts: string[] = [];
    // Like window.fetch: "Illegal invocation" when called as a method of another object.
    function browserFetch(this: unknown, input: string): Promise<Response> {
      if (this !== undefined && this !== globalThis) throw new TypeError("Failed to execute 'fetch' on 'Window': Illegal invocation");
      puts.push(input);
      return Promise.resolve(new Response(null, { status: 200, headers: { etag: '"e"' } }));
    }
    const browser = createUploadContext(optionsWith(browserFetch as unknown as typeof fetch));
    expect((await putSigned(browser, source(url('a')).urls, new Blob([new Uint8Array(3)]), 1)).status).toBe(200);
    expect(puts).toEqual(['http://storage.test/o?sig=a']);
  });

  it('when the network fails, then it is a part error that costs a try; when the upload was cancelled, then it is the cancel', async () => {
    const lost = contextWith([], { fail: () => new TypeError('socket hang up') });
    await expect(putSigned(lost.ctx, source(url('a')).urls, new Blob([new Uint8Array(3)]), 2)).rejects.toEqual(new PartError('Network error ~ socket hang up', 2));
    const abort = new AbortController();
    abort.abort();
    const cancelled = contextWith([], { signal: abort.signal, fail: () => new DOMException('aborted', 'AbortError') });
    await expect(putSigned(cancelled.ctx, source(url('a')).urls, new Blob([new Uint8Array(3)]), 2)).rejects.toBeInstanceOf(UploadCancelledError);
  });
});
