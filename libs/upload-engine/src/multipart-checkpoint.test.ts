import { describe, expect, it } from 'vitest';
import { createMemoryCheckpointStore, type MultipartCheckpoint } from './checkpoint-store';
import { bytesDone, createCheckpointSaver, resumeMultipart } from './multipart-checkpoint';
import { createUploadContext } from './upload-context';
import type { UploadApi } from './upload-api';
import { KB, MB } from './upload-policy';

const checkpoint = (): MultipartCheckpoint => ({
  name: 'film.mov', fileSize: 6 * MB, savedAt: 0, fileId: 'f', uploadToken: 't', unit: 512 * KB,
  parts: [
    { partNumber: 1, start: 0, end: 2 * MB, etag: 'a' },
    { partNumber: 5, start: 2 * MB, end: 4 * MB, etag: 'b' },
    { partNumber: 9, start: 4 * MB, end: 6 * MB, etag: 'c' },
  ],
});

function context(api: Partial<UploadApi>, partSize?: number) {
  const checkpoints = createMemoryCheckpointStore();
  const ctx = createUploadContext({
    source: { name: 'film.mov', size: 6 * MB, path: 'film.mov', slice: (s, e) => new Blob([new Uint8Array(e - s)]) },
    grant: { fileId: 'f', name: 'film.mov', size: 6 * MB, region: 'oss-cn-hongkong', key: 'k', uploadToken: 't' },
    api: { sign: async () => ({}), listParts: async () => [], abort: async () => undefined, ...api },
    checkpoints,
    partSize,
    now: () => 42,
  });
  return { ctx, checkpoints };
}

describe('a multipart checkpoint', () => {
  it('when an upload resumes, then only the parts storage holds with the same ETag and size count', async () => {
    const { ctx } = context({
      listParts: async () => [
        { partNumber: 1, etag: 'a', size: 2 * MB },
        { partNumber: 5, etag: 'other', size: 2 * MB },
        { partNumber: 9, etag: 'c', size: 1 * MB },
      ],
    });
    const run = await resumeMultipart(ctx, checkpoint());
    if (run === 'complete') throw new Error('expected a run');
    expect(run.checkpoint.parts.map((p) => p.partNumber)).toEqual([1]);
    expect(bytesDone(run.checkpoint)).toBe(2 * MB);
    expect(run.layout).toEqual({ unit: 512 * KB, basePartSize: 2 * MB });
  });

  it('when the part size asked for is no multiple of the stored unit, then it is rounded up to one', async () => {
    const { ctx } = context({}, 700 * KB);
    expect(await resumeMultipart(ctx, checkpoint())).toMatchObject({ layout: { unit: 512 * KB, basePartSize: 1 * MB } });
  });

  it('when saves overlap, then they land in order and the last one is what the store holds', async () => {
    const { ctx, checkpoints } = context({});
    const record = checkpoint();
    const saver = createCheckpointSaver(ctx, record, { storedWhole: true });
    void saver.save();
    record.parts.pop();
    void saver.save();
    await saver.settled();
    expect((await checkpoints.get('film.mov'))?.parts.map((p) => p.partNumber)).toEqual([1, 5]);
    expect((await checkpoints.get('film.mov'))?.savedAt).toBe(42);
  });

  it('when parts land while a save is being written, then their saves become one that adds them together after it', async () => {
    const { ctx, checkpoints } = context({});
    const writes: string[] = [];
    let finishFirst: () => void = () => undefined;
    const firstWritten = new Promise<void>((resolve) => (finishFirst = resolve));
    const slow = {
      ...checkpoints,
      set: async (key: string, value: MultipartCheckpoint) => {
        writes.push(`whole ${value.parts.map((p) => p.partNumber).join(',')}`);
        await firstWritten;
        await checkpoints.set(key, value);
      },
      addParts: async (key: string, parts: MultipartCheckpoint['parts']) => {
        writes.push(`add ${parts.map((p) => p.partNumber).join(',')}`);
        await checkpoints.addParts(key, parts);
      },
    };
    const record = checkpoint();
    // A resumed checkpoint: its first save is written whole.
    const saver = createCheckpointSaver({ ...ctx, checkpoints: slow }, record, { storedWhole: false });
    const landed = { partNumber: 10, start: 0, end: 1, etag: 'x' };
    record.parts.push(landed);
    void saver.save(landed);
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const partNumber of [11, 12, 13]) {
      const part = { partNumber, start: 0, end: 1, etag: 'x' };
      record.parts.push(part);
      void saver.save(part);
    }
    finishFirst();
    await saver.settled();
    // The first write was under way; the three parts that landed meanwhile were added once, after it.
    expect(writes).toEqual(['whole 1,5,9,10', 'add 11,12,13']);
    expect((await checkpoints.get('film.mov'))?.parts.map((p) => p.partNumber)).toEqual([1, 5, 9, 10, 11, 12, 13]);
  });

  it('when a thousand parts land one by one, then each is added on its own and the checkpoint is written whole only when its signed sizes change', async () => {
    const { ctx, checkpoints } = context({});
    const record: MultipartCheckpoint = { ...checkpoint(), parts: [] };
    await checkpoints.set('film.mov', record);
    let wholeWrites = 0;
    let partsAdded = 0;
    const counting = {
      ...checkpoints,
      set: async (key: string, value: MultipartCheckpoint) => {
        wholeWrites += 1;
        await checkpoints.set(key, value);
      },
      addParts: async (key: string, parts: MultipartCheckpoint['parts']) => {
        partsAdded += parts.length;
        await checkpoints.addParts(key, parts);
      },
    };
    const saver = createCheckpointSaver({ ...ctx, checkpoints: counting }, record, { storedWhole: true });
    for (let partNumber = 1; partNumber <= 1000; partNumber++) {
      // The engine signs 100 parts at a time, and keeps their sizes in the checkpoint.
      if (partNumber % 100 === 1) record.signed = [...(record.signed ?? []), [partNumber, 2 * MB]];
      const part = { partNumber, start: 0, end: 1, etag: `e${partNumber}` };
      record.parts.push(part);
      await saver.save(part);
    }
    // Writing the whole checkpoint after every part wrote 500,000 part records for 1,000 parts.
    expect(wholeWrites).toBe(10);
    expect(partsAdded).toBe(990);
    const stored = await checkpoints.get('film.mov');
    expect(stored?.parts).toHaveLength(1000);
    expect(stored?.signed).toHaveLength(10);
  });

  it('when a save fails, then waiting for the saves fails too', async () => {
    const { ctx, checkpoints } = context({});
    const failing = { ...checkpoints, set: async () => Promise.reject(new Error('QuotaExceededError')) };
    const saver = createCheckpointSaver({ ...ctx, checkpoints: failing }, checkpoint(), { storedWhole: false });
    saver.save().catch(() => undefined);
    await expect(saver.settled()).rejects.toThrow('QuotaExceededError');
  });
});
