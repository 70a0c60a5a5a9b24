import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_RPC, type TUploadGrant } from '@ferry/contracts';
import { waitFor } from '@ferry/testing';
import { UPLOAD_STATUS, UploadCancelledError, abortUpload, createMemoryCheckpointStore, uploadFile, type UploadEvent } from '@ferry/upload-engine';
import { fileSource } from '@ferry/upload-engine/node';
import { busUploadApi } from './bus-upload-api';
import { bootStorage, type StorageHarness } from './storage.harness';

const MB = 1024 * 1024;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('the upload engine against storage-credentials', () => {
  let h: StorageHarness;
  let dir: string;
  let big: Buffer;
  let bigPath: string;
  beforeAll(async () => {
    h = await bootStorage('engine');
    dir = await mkdtemp(join(tmpdir(), 'ferry-engine-'));
    big = randomBytes(60 * MB + 7);
    bigPath = join(dir, 'big.bin');
    await writeFile(bigPath, big);
  });
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const grantFor = async (size: number): Promise<TUploadGrant> =>
    (await h.call(STORAGE_RPC.createUploadGrants, { owner: { type: 'userUpload', userId: 'engine' }, files: [{ name: 'big.bin', size }] })).grants[0]!;

  async function completeAndHash(fileId: string, uploadToken: string, parts?: { partNumber: number; etag: string }[]) {
    await h.call(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken, parts }] });
    return waitFor('the SHA-256', async () => (await h.call(STORAGE_RPC.getObjects, { fileIds: [fileId] })).objects[0]?.sha256 ?? undefined, 20_000);
  }

  it('when a small file is sent, then one signed PUT carries it', async () => {
    const small = randomBytes(1234);
    const path = join(dir, 'small.txt');
    await writeFile(path, small);
    const grant = (await h.call(STORAGE_RPC.createUploadGrants, { owner: { type: 'userUpload', userId: 'engine' }, files: [{ name: 'small.txt', size: small.length }] }))
      .grants[0]!;
    const result = await uploadFile({ source: await fileSource(path), grant, api: busUploadApi(h.bus), checkpoints: createMemoryCheckpointStore() });
    expect(result.parts).toBeUndefined();
    expect(await completeAndHash(result.fileId, result.uploadToken)).toBe(sha(small));
  });

  it('when a large file is sent in parts, then progress runs to 100% and the stored file is byte-identical', async () => {
    const events: UploadEvent[] = [];
    const checkpoints = createMemoryCheckpointStore();
    const grant = await grantFor(big.length);
    const result = await uploadFile({
      source: await fileSource(bigPath),
      grant,
      api: busUploadApi(h.bus),
      checkpoints,
      partSize: 8 * MB,
      onEvent: (e) => events.push(e),
    });
    expect(result.parts).toHaveLength(8);
    expect(result.parts!.map((p) => p.partNumber)).toEqual([...result.parts!.map((p) => p.partNumber)].sort((a, b) => a - b));
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress.at(-1)).toMatchObject({ percent: 100, bytesUploaded: big.length });
    expect(events.filter((e) => e.type === 'status').map((e) => (e as { status: string }).status)).toEqual([UPLOAD_STATUS.gettingReady, UPLOAD_STATUS.transferring]);
    expect(checkpoints.size()).toBe(0);
    expect(await completeAndHash(result.fileId, result.uploadToken, result.parts)).toBe(sha(big));
  });

  it('when the upload is cancelled, then its parts stay and the next run resumes from the checkpoint', async () => {
    const checkpoints = createMemoryCheckpointStore();
    const grant = await grantFor(big.length);
    const controller = new AbortController();
    let parts = 0;
    await expect(
      uploadFile({
        source: await fileSource(bigPath),
        grant,
        api: busUploadApi(h.bus),
        checkpoints,
        partSize: 4 * MB,
        signal: controller.signal,
        onEvent: (e) => {
          if (e.type === 'part' && ++parts === 5) controller.abort();
        },
      }),
    ).rejects.toBeInstanceOf(UploadCancelledError);
    const saved = await checkpoints.get(bigPath);
    expect(saved?.parts.length).toBeGreaterThanOrEqual(5);

    const statuses: string[] = [];
    // A stale grant is passed on purpose: the checkpoint's upload wins.
    const result = await uploadFile({
      source: await fileSource(bigPath),
      grant: await grantFor(big.length),
      api: busUploadApi(h.bus),
      checkpoints,
      partSize: 4 * MB,
      onEvent: (e) => {
        if (e.type === 'status') statuses.push(e.status);
      },
    });
    expect(statuses).toContain(UPLOAD_STATUS.resuming);
    expect(result.fileId).toBe(grant.fileId);
    expect(result.bytesSent).toBeLessThanOrEqual(big.length - 5 * 4 * MB);
    expect(await completeAndHash(result.fileId, result.uploadToken, result.parts)).toBe(sha(big));
  });

  it('when part URLs expire mid-upload, then the engine fetches new ones and goes on', async () => {
    const grant = await grantFor(big.length);
    let parts = 0;
    const result = await uploadFile({
      source: await fileSource(bigPath),
      grant,
      api: busUploadApi(h.bus),
      checkpoints: createMemoryCheckpointStore(),
      partSize: 8 * MB,
      onEvent: (e) => {
        // An hour and more passes after the third part: every URL signed so far is dead.
        if (e.type === 'part' && ++parts === 3) h.advance(2 * 3600 * 1000);
      },
    });
    expect(await completeAndHash(result.fileId, result.uploadToken, result.parts)).toBe(sha(big));
  });

  it('when tries fail until the part size shrinks, then parts already signed keep their size, the grant holds, and the file arrives whole', async () => {
    const grant = await grantFor(big.length);
    let failing = true;
    const result = await uploadFile({
      source: await fileSource(bigPath),
      grant,
      api: busUploadApi(h.bus),
      checkpoints: createMemoryCheckpointStore(),
      partSize: 8 * MB,
      sleep: async () => undefined,
      fetch: async (input, init) => {
        if (failing) throw new TypeError('network down');
        return fetch(input, init);
      },
      onEvent: (e) => {
        // Try 5 is the first with smaller parts (PRODUCT.md section 4); the network is back by then.
        if (e.type === 'warning' && e.attempt === 5) failing = false;
      },
    });
    const signed = await h.db('signed_parts').where({ file_id: grant.fileId }).sum({ bytes: 'size' }).first();
    expect(Number((signed as { bytes: string }).bytes)).toBeLessThanOrEqual(big.length);
    expect(await completeAndHash(result.fileId, result.uploadToken, result.parts)).toBe(sha(big));
  });

  it('when a page comes back with the checkpoint of an upload storage already finished, then the resume is done at once and completing answers the object', async () => {
    const checkpoints = createMemoryCheckpointStore();
    const grant = await grantFor(big.length);
    let snapshot: Awaited<ReturnType<typeof checkpoints.get>>;
    const result = await uploadFile({
      source: await fileSource(bigPath),
      grant,
      api: busUploadApi(h.bus),
      checkpoints,
      partSize: 8 * MB,
      // The page saves its checkpoint after each part; keep the last one as a reload would find it.
      onEvent: (e) => void (e.type === 'part' && checkpoints.get(bigPath).then((c) => (snapshot = c ?? snapshot))),
    });
    const hash = await completeAndHash(result.fileId, result.uploadToken, result.parts);
    await waitFor('a saved checkpoint', () => snapshot !== undefined);

    // The page reloads after storage finished the upload, with the checkpoint it had saved.
    await checkpoints.set(bigPath, snapshot!);
    const resumed = await uploadFile({ source: await fileSource(bigPath), grant, api: busUploadApi(h.bus), checkpoints, partSize: 8 * MB });
    expect(resumed).toMatchObject({ fileId: grant.fileId, uploadToken: grant.uploadToken, bytesSent: 0 });
    expect(await checkpoints.get(bigPath)).toBeUndefined();
    const { objects } = await h.call(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: resumed.uploadToken, parts: resumed.parts }] });
    expect(objects[0]).toMatchObject({ status: 'complete', sha256: hash });
  });

  it('when the upload is aborted, then the parts are discarded and the checkpoint dropped', async () => {
    const checkpoints = createMemoryCheckpointStore();
    const grant = await grantFor(big.length);
    const controller = new AbortController();
    await expect(
      uploadFile({
        source: await fileSource(bigPath),
        grant,
        api: busUploadApi(h.bus),
        checkpoints,
        partSize: 8 * MB,
        signal: controller.signal,
        onEvent: (e) => e.type === 'part' && controller.abort(),
      }),
    ).rejects.toBeInstanceOf(UploadCancelledError);
    await abortUpload({ api: busUploadApi(h.bus), checkpoints, path: bigPath });
    expect(checkpoints.size()).toBe(0);
    const [row] = (await h.call(STORAGE_RPC.getObjects, { fileIds: [grant.fileId] })).objects;
    expect(row!.status).toBe('aborted');
    await expect(h.call(STORAGE_RPC.listUploadParts, { uploadToken: grant.uploadToken })).rejects.toMatchObject({ code: 'UPLOAD_ABORTED' });
  });
});
