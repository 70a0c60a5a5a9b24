import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGIONS, STORAGE_RPC, type TGrantOwner } from '@ferry/contracts';
import { bootStorage, putBytes, type StorageHarness } from './storage.harness';

describe('stored objects: copy, delete, usage, ZIP, lifecycle, regions', () => {
  let h: StorageHarness;
  beforeAll(async () => {
    h = await bootStorage('objects');
  });
  afterAll(async () => {
    await h?.close();
  });

  async function store(owner: TGrantOwner, name: string, body: Buffer): Promise<string> {
    const { grants } = await h.call(STORAGE_RPC.createUploadGrants, { owner, files: [{ name, size: body.length }] });
    expect((await putBytes(grants[0]!.single!, body)).status).toBe(200);
    await h.call(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: grants[0]!.uploadToken }] });
    return grants[0]!.fileId;
  }

  it('when an object is copied to another owner, then the copy reads the same and counts for its owner; deleting the original leaves the copy', async () => {
    const body = randomBytes(5000);
    const original = await store({ type: 'userUpload', userId: 'alice' }, 'a.bin', body);
    const { objects } = await h.call(STORAGE_RPC.copyObjects, { fileIds: [original], to: { type: 'userUpload', userId: 'bob' } });
    expect(objects[0]).toMatchObject({ copiedFrom: original, size: 5000, status: 'complete' });
    expect(objects[0]!.key.startsWith('u/bob/')).toBe(true);
    expect((await h.call(STORAGE_RPC.getUsage, { ownerId: 'bob' })).bytes).toBe(5000);

    expect(await h.call(STORAGE_RPC.deleteObjects, { fileIds: [original] })).toEqual({ deleted: 1 });
    expect(await h.call(STORAGE_RPC.deleteObjects, { fileIds: [original] })).toEqual({ deleted: 0 });
    expect((await h.call(STORAGE_RPC.getUsage, { ownerId: 'alice' })).bytes).toBe(0);
    await expect(h.call(STORAGE_RPC.signDownload, { fileId: original })).rejects.toMatchObject({ code: 'OBJECT_NOT_FOUND', status: 404 });
    const { url } = await h.call(STORAGE_RPC.signDownload, { fileId: objects[0]!.fileId });
    expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(body)).toBe(true);
  });

  it('when a ZIP of several files is asked for, then one streamed archive with the folder paths arrives, of the announced size', async () => {
    const owner: TGrantOwner = { type: 'anonUpload', slug: 'Ab3dE9x' };
    const files = { 'photos/2026/sea.jpg': randomBytes(70_000), 'notes.txt': Buffer.from('hello'), '合同/合同.pdf': randomBytes(1234) };
    const entries = [];
    for (const [path, body] of Object.entries(files)) entries.push({ fileId: await store(owner, path.split('/').pop()!, body), path });
    const zip = await h.call(STORAGE_RPC.signZip, { name: 'transfer Ab3dE9x', entries });
    const res = await fetch(zip.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('transfer Ab3dE9x.zip');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(zip.size);
    const dir = await mkdtemp(join(tmpdir(), 'ferry-zip-'));
    try {
      await writeFile(join(dir, 'all.zip'), bytes);
      expect(spawnSync('unzip', ['-tq', join(dir, 'all.zip')]).status).toBe(0);
      for (const [path, body] of Object.entries(files)) {
        const out = spawnSync('unzip', ['-p', join(dir, 'all.zip'), path]);
        expect(Buffer.from(out.stdout).equals(body)).toBe(true);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const tampered = zip.url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await fetch(tampered)).status).toBe(403);
  });

  it('when a multipart upload is left unfinished for more than 7 days, then the lifecycle job removes it; a younger one stays', async () => {
    const owner: TGrantOwner = { type: 'userUpload', userId: 'lazy' };
    const size = 60 * 1024 * 1024;
    const old = (await h.call(STORAGE_RPC.createUploadGrants, { owner, files: [{ name: 'old.bin', size }] })).grants[0]!;
    const { parts } = await h.call(STORAGE_RPC.signUpload, { uploadToken: old.uploadToken, parts: [{ partNumber: 1, size: old.multipart!.minPartSize }] });
    expect((await putBytes(parts![0]!, randomBytes(old.multipart!.minPartSize))).status).toBe(200);
    h.advance(6 * 24 * 3600 * 1000);
    const young = (await h.call(STORAGE_RPC.createUploadGrants, { owner, files: [{ name: 'young.bin', size }] })).grants[0]!;
    h.advance(2 * 24 * 3600 * 1000);
    const { aborted } = await h.storage.runLifecycle();
    expect(aborted).toBe(1);
    const [oldRow, youngRow] = (await h.call(STORAGE_RPC.getObjects, { fileIds: [old.fileId, young.fileId] })).objects;
    expect(oldRow!.status).toBe('aborted');
    // The part sizes signed for the removed upload go with it.
    expect(await h.db('signed_parts').where({ file_id: old.fileId }).count({ n: '*' }).first()).toMatchObject({ n: '0' });
    expect(youngRow!.status).toBe('uploading');
  });

  it('when regions are listed, then each has a 128 KB speed-test object that a HEAD can time', async () => {
    const { regions } = await h.call(STORAGE_RPC.listRegions, {});
    expect(regions.map((r) => r.id).sort()).toEqual([...REGIONS].sort());
    expect(regions.find((r) => r.isDefault)?.id).toBe('oss-cn-hongkong');
    for (const region of regions) {
      const head = await fetch(region.speedTestUrl, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(128 * 1024));
    }
  });
});
