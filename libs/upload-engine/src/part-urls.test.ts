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

  it('when more parts than a batch are signed, then they go in batches of 100', async () => {
    const { urls, asked } = setup();
    await urls.sign(Array.from({ length: 250 }, (_, i) => part(i + 1)));
    expect(asked.map((batch) => batch.length)).toEqual([100, 100, 50]);
  });
});
