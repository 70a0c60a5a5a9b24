import { get as httpGet } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_RPC } from '@ferry/contracts';
import { bootStorage, putBytes, type StorageHarness } from './storage.harness';

/** A GET that decodes nothing: what a browser asking for br/gzip receives. */
function rawGet(url: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { 'Accept-Encoding': 'br, gzip, deflate' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('signed downloads', () => {
  let h: StorageHarness;
  beforeAll(async () => {
    h = await bootStorage('untouched');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when a browser that accepts br and gzip downloads a very compressible file, then it gets the stored bytes, not recompressed', async () => {
    const body = Buffer.from(JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ i, text: 'the same words again' }))));
    const { grants } = await h.call(STORAGE_RPC.createUploadGrants, { owner: { type: 'userUpload', userId: 'carol' }, files: [{ name: 'rows.json', size: body.length }] });
    expect((await putBytes(grants[0]!.single!, body)).status).toBe(200);
    await h.call(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: grants[0]!.uploadToken }] });
    const { url } = await h.call(STORAGE_RPC.signDownload, { fileId: grants[0]!.fileId });
    const res = await rawGet(url);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(body.length));
    expect(res.body.equals(body)).toBe(true);
  });
});
