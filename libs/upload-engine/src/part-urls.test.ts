import { describe, expect, it } from 'vitest';
import type { TPartToSign } from '@ferry/contracts';
import { createMemoryCheckpointStore, type MultipartCheckpoint } from './checkpoint-store';
import type { PlannedPart } from './part-layout';
import { createPartUrls, SIGN_BATCH } from './part-urls';
import { createUploadContext } from './upload-context';

const NOW = Date.UTC(2026, 10, 25, 12);

function setup() {
  const asked: TPartToSign[][] = [];
  const ctx = createUploadContext({
    source: { name: 'x', size: 1, path: 'x', slice: () => new Blob([new Uint8Array(1)]) },
    grant: { fileId: 'f', name: 'x', size: 1, region: 'oss-cn-hongkong', key: 'k', uploadToken: 't' },
    api: {
      sign: async (_token, parts = []) => {
        asked.push(parts);
        return { parts: parts.map((p) => ({ partNumber: p.partNumber, method: 'PUT' as const, url: `u${p.partNumber}`, headers: {}, expiresAt: new Date(NOW + 3_600_000).toISOString() })) };
      },
      listParts: async () => [],
      abort: async () => undefined,
    },
    checkpoints: createMemoryCheckpointStore(),
    now: () => NOW,
  });
  const checkpoint: MultipartCheckpoint = { name: 'x', fileSize: 1, savedAt: 0, fileId: 'f', uploadToken: 't', unit: 10, parts: [], signed: [[3, 40]] };
  return { urls: createPartUrls(ctx, checkpoint), asked, checkpoint };
}

const part = (partNumber: number, size = 10): PlannedPart => ({ partNumber, start: (partNumber - 1) * 10, end: (partNumber - 1) * 10 + size });

describe('part URLs', () => {
  it('when a part has no URL, then it is signed with the next unsigned parts of the queue, and the sizes are kept in the checkpoint', async () => {
    const { urls, asked, checkpoint } = setup();
    await urls.sign([part(2)]);
    const queue = [part(2), part(3, 20), ...Array.from({ length: SIGN_BATCH + 5 }, (_, i) => part(i + 4))];
    expect((await urls.urlFor(part(1), queue)).url).toBe('u1');
    expect(asked[1]?.length).toBe(SIGN_BATCH - 1);
    expect(asked[1]?.slice(0, 3)).toEqual([{ partNumber: 1, size: 10 }, { partNumber: 3, size: 20 }, { partNumber: 4, size: 10 }]);
    expect(new Map(checkpoint.signed).get(3)).toBe(40);
    expect(new Map(checkpoint.signed).get(1)).toBe(10);
  });

  it('when a part is cut to another size than its URL was signed for, then the URL is not used for it', async () => {
    const { urls } = setup();
    await urls.sign([part(1)]);
    expect(urls.isUsable(part(1))).toBe(true);
    expect(urls.isUsable(part(1, 5))).toBe(false);
    urls.forget(1);
    expect(urls.isUsable(part(1))).toBe(false);
  });

  it('when several slots reach unsigned parts at once, then a part already being signed waits for that call instead of signing again', async () => {
    const { urls, asked } = setup();
    const queue = Array.from({ length: 150 }, (_, i) => part(i + 1));
    // As the workers do: each takes the next part off the queue and asks for its URL, all before the first call answers.
    const slots = [0, 1, 2, 3].map((i) => urls.urlFor(queue[i]!, queue.slice(i + 1)));
    expect((await Promise.all(slots)).map((signed) => signed.url)).toEqual(['u1', 'u2', 'u3', 'u4']);
    expect(asked.length).toBe(1);
    expect(asked[0]?.map((p) => p.partNumber)).toEqual(Array.from({ length: SIGN_BATCH }, (_, i) => i + 1));
  });

  it('when a sign call fails, then a slot that waited for it signs its part again itself', async () => {
    let calls = 0;
    const failsOnce = createPartUrls(
      createUploadContext({
        source: { name: 'x', size: 1, path: 'x', slice: () => new Blob([new Uint8Array(1)]) },
        grant: { fileId: 'f', name: 'x', size: 1, region: 'oss-cn-hongkong', key: 'k', uploadToken: 't' },
        api: {
          sign: async (_token, parts = []) => {
            calls += 1;
            if (calls === 1) throw new Error('gateway down');
            return { parts: parts.map((p) => ({ partNumber: p.partNumber, method: 'POST' as const, url: `u${p.partNumber}`, headers: {}, expiresAt: new Date(NOW + 3_600_000).toISOString() })) };
          },
          listParts: async () => [],
          abort: async () => undefined,
        },
        checkpoints: createMemoryCheckpointStore(),
        now: () => NOW,
      }),
      { name: 'x', fileSize: 1, savedAt: 0, fileId: 'f', uploadToken: 't', unit: 10, parts: [] },
    );
    const queue = Array.from({ length: 10 }, (_, i) => part(i + 1));
    const first = failsOnce.urlFor(queue[0]!, queue.slice(1));
    const second = failsOnce.urlFor(queue[1]!, queue.slice(2));
    await expect(first).rejects.toThrow('gateway down');
    expect((await second).url).toBe('u2');
    expect(calls).toBe(2);
  });

  it('when more parts than a batch are signed, then they go in batches of 100', async () => {
    const { urls, asked } = setup();
    await urls.sign(Array.from({ length: 250 }, (_, i) => part(i + 1)));
    expect(asked.map((batch) => batch.length)).toEqual([100, 100, 50]);
  });
});
