import { describe, expect, it } from 'vitest';
import { createMemoryCheckpointStore } from './checkpoint-store';
import { runTries } from './retry-loop';
import { createUploadContext } from './upload-context';
import { PartError, UploadCancelledError, UploadFailedError } from './upload-errors';
import type { UploadEvent } from './upload-file.types';

function context(signal?: AbortSignal) {
  const events: UploadEvent[] = [];
  const waits: number[] = [];
  const ctx = createUploadContext({
    source: { name: 'clip.mp4', size: 1, path: 'clip.mp4', slice: () => new Blob([new Uint8Array(1)]) },
    grant: { fileId: 'f', name: 'clip.mp4', size: 1, region: 'oss-cn-hongkong', key: 'k', uploadToken: 't' },
    api: { sign: async () => ({}), listParts: async () => [], abort: async () => undefined },
    checkpoints: createMemoryCheckpointStore(),
    onEvent: (event) => events.push(event),
    sleep: async (ms) => {
      waits.push(ms);
    },
    signal,
  });
  return { ctx, events, waits };
}

describe('the retry loop', () => {
  it('when Ferry answers 5xx or 429 or the network drops, then the next try runs', async () => {
    const { ctx, events } = context();
    const failures = [Object.assign(new Error('busy'), { status: 503 }), Object.assign(new Error('slow down'), { status: 429 }), new TypeError('fetch failed')];
    let tries = 0;
    const result = await runTries(ctx, async () => {
      tries += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return 'done';
    });
    expect(result).toBe('done');
    expect(tries).toBe(4);
    expect(events.filter((e) => e.type === 'warning')).toEqual([{ type: 'warning', attempt: 2, message: 'Ferry answered 503' }]);
  });

  it('when the answer says the upload itself is wrong (4xx), then there is no second try', async () => {
    const { ctx } = context();
    let tries = 0;
    const refused = Object.assign(new Error('token invalid'), { status: 403 });
    await expect(
      runTries(ctx, async () => {
        tries += 1;
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(tries).toBe(1);
  });

  it('when every try fails, then the upload fails after 15 with the last part and status', async () => {
    const { ctx, waits } = context();
    const error = await runTries(ctx, async (attempt) => {
      throw new PartError(`Storage answered 500 on try ${attempt}`, 3, 500);
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadFailedError);
    expect(error).toMatchObject({ message: 'Storage answered 500 on try 15', details: { name: 'clip.mp4', attempt: 15, partNumber: 3, status: 500 } });
    expect(waits).toEqual([0, 0, 0, ...Array.from({ length: 11 }, () => 1_000)]);
  });

  it('when the upload is cancelled during a try, then the loop ends with the cancel', async () => {
    const abort = new AbortController();
    const { ctx } = context(abort.signal);
    let tries = 0;
    await expect(
      runTries(ctx, async () => {
        tries += 1;
        abort.abort();
        throw new PartError('Network error ~ aborted', 1);
      }),
    ).rejects.toBeInstanceOf(UploadCancelledError);
    expect(tries).toBe(1);
  });
});
