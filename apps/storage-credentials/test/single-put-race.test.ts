import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REGION, STORAGE_RPC } from '@ferry/contracts';
import type { LocalDriver } from '../src/drivers/local/local-driver';
import { bootStorage, putBytes, type StorageHarness } from './storage.harness';

describe('a single-PUT URL used by parallel writers', () => {
  let h: StorageHarness;
  beforeAll(async () => {
    h = await bootStorage('single_put_race');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when eight PUTs race on one fresh URL, then exactly one succeeds, seven get 409 OBJECT_EXISTS, and the stored bytes are the winner', async () => {
    // Small bodies finish writing together, which is when the check-then-write race shows.
    const size = 4096;
    const { grants } = await h.call(STORAGE_RPC.createUploadGrants, {
      owner: { type: 'userUpload', userId: 'racer' },
      files: [{ name: 'race.bin', size }],
    });
    const single = grants[0]!.single!;
    const place = h.storage.deps.regions.get(DEFAULT_REGION);
    const store = (place.driver as LocalDriver).store;
    const before = await store.diskUsage(place.bucket);
    const bodies = Array.from({ length: 8 }, () => randomBytes(size));
    const answers = await Promise.all(bodies.map((body) => putBytes(single, body)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect((await res.json()) as unknown).toMatchObject({ error: { code: 'OBJECT_EXISTS' } });
    }
    const winner = bodies[statuses.indexOf(200)]!;
    await h.call(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: grants[0]!.uploadToken }] });
    const { url } = await h.call(STORAGE_RPC.signDownload, { fileId: grants[0]!.fileId });
    expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(winner)).toBe(true);
    // The losers left no blob behind: one object's worth of bytes was added to the disk.
    expect((await store.diskUsage(place.bucket)) - before).toBeLessThan(size * 2);
  });
});
