import { appendFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MultipartCheckpoint } from '../src/index';
import { createFileCheckpointStore } from '../src/node/index';

const part = (partNumber: number, etag: string) => ({ partNumber, start: (partNumber - 1) * 16, end: partNumber * 16, etag });
const base = (): MultipartCheckpoint => ({ name: 'film.mov', fileSize: 64, savedAt: 1, fileId: 'f', uploadToken: 't', unit: 16, parts: [part(1, 'e1')] });

describe('checkpoints in a folder (the CLI)', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'checkpoints-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('when parts are added, then they are read back with the checkpoint (the later of a part added twice), a whole write takes their place, and delete removes every file', async () => {
    const store = createFileCheckpointStore(dir);
    await store.set('/home/a/film.mov', base());
    await store.addParts('/home/a/film.mov', [part(2, 'e2'), part(3, 'e3')]);
    await store.addParts('/home/a/film.mov', [part(2, 'e2-again')]);
    const again = createFileCheckpointStore(dir);
    expect((await again.get('/home/a/film.mov'))?.parts.map((p) => `${p.partNumber}:${p.etag}`)).toEqual(['1:e1', '2:e2-again', '3:e3']);
    await again.set('/home/a/film.mov', base());
    expect((await again.get('/home/a/film.mov'))?.parts.map((p) => p.partNumber)).toEqual([1]);
    await again.addParts('/home/a/film.mov', [part(4, 'e4')]);
    await again.delete('/home/a/film.mov');
    expect(await again.get('/home/a/film.mov')).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
  });

  it('when a run was killed while adding a part, then the line cut short is skipped and the parts before it count', async () => {
    const store = createFileCheckpointStore(dir);
    await store.set('/home/a/cut.mov', base());
    await store.addParts('/home/a/cut.mov', [part(2, 'e2')]);
    const [partsFile] = (await readdir(dir)).filter((name) => name.endsWith('.parts'));
    await appendFile(join(dir, partsFile!), '{"partNumber":3,"sta');
    expect((await store.get('/home/a/cut.mov'))?.parts.map((p) => p.partNumber)).toEqual([1, 2]);
  });
});
