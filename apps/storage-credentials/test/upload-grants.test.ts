import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_RPC, type TGrantOwner, type TUploadGrant } from '@ferry/contracts';
import { partSetOf } from '@ferry/upload-engine';
import { waitFor } from '@ferry/testing';
import { bootStorage, putBytes, type StorageHarness } from './storage.harness';

const MB = 1024 * 1024;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('upload grants on the local driver', () => {
  let h: StorageHarness;
  beforeAll(async () => {
    h = await bootStorage('grants');
  });
  afterAll(async () => {
    await h?.close();
  });

  async function grant(size: number, owner: TGrantOwner = { type: 'userUpload', userId: 'u1' }): Promise<TUploadGrant> {
    const { grants } = await h.call(STORAGE_RPC.createUploadGrants, { owner, files: [{ name: 'report.pdf', size, contentType: 'application/pdf' }] });
    return grants[0]!;
  }

  it('when a small file is PUT with its grant and completed, then it reads back whole and ranged, with a SHA-256 kept', async () => {
    const body = randomBytes(300_000);
    const g = await grant(body.length);
    expect(g.single?.method).toBe('PUT');
    expect(g.multipart).toBeUndefined();
    expect(g.key.startsWith('u/u1/')).toBe(true);
    const put = await putBytes(g.single!, body);
    expect(put.status).toBe(200);
    const { objects } = await h.call(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: g.uploadToken }] });
    expect(objects[0]).toMatchObject({ fileId: g.fileId, size: body.length, status: 'complete' });

    const stored = await waitFor('the SHA-256', async () => {
      const [o] = (await h.call(STORAGE_RPC.getObjects, { fileIds: [g.fileId] })).objects;
      return o?.sha256 ?? undefined;
    }, 10_000);
    expect(stored).toBe(sha(body));

    const { url } = await h.call(STORAGE_RPC.signDownload, { fileId: g.fileId, filename: '报告.pdf' });
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('报告')}.pdf`);
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await whole.arrayBuffer()).equals(body)).toBe(true);
    const ranged = await fetch(url, { headers: { Range: 'bytes=150000-' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 150000-${body.length - 1}/${body.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(body.subarray(150_000))).toBe(true);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(body.length));
  });

  it('when an HTML file is downloaded, then it comes as opaque bytes in an attachment', async () => {
    const body = Buffer.from('<script>alert(1)</script>');
    const { grants } = await h.call(STORAGE_RPC.createUploadGrants, {
      owner: { type: 'userUpload', userId: 'u1' },
      files: [{ name: 'page.html', size: body.length, contentType: 'text/html' }],
    });
    await putBytes(grants[0]!.single!, body);
    await h.call(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: grants[0]!.uploadToken }] });
    const { url } = await h.call(STORAGE_RPC.signDownload, { fileId: grants[0]!.fileId });
    const res = await fetch(url);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('when a signed URL is tampered with, then 403 URL_SIGNATURE_INVALID and nothing is written', async () => {
    const g = await grant(10);
    const other = await grant(10);
    const url = new URL(g.single!.url);
    const wrongKey = g.single!.url.replace(g.key.split('/').pop()!, other.key.split('/').pop()!);
    const forged = new URL(url);
    forged.searchParams.set('X-Ferry-Signature', 'f'.repeat(64));
    const bigger = new URL(url);
    bigger.searchParams.set('X-Ferry-Max', '100000000');
    for (const target of [wrongKey, forged.toString(), bigger.toString()]) {
      const res = await putBytes({ url: target, headers: {} }, Buffer.alloc(10));
      expect(res.status).toBe(403);
      expect((await res.json()) as unknown).toMatchObject({ error: { code: 'URL_SIGNATURE_INVALID' } });
    }
    await expect(h.call(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: other.uploadToken }] })).rejects.toMatchObject({ code: 'UPLOAD_INCOMPLETE' });
  });

  it('when a URL has expired, then 403 URL_EXPIRED, and a re-signed URL from the token works', async () => {
    const g = await grant(4);
    h.advance(3601 * 1000);
    const late = await putBytes(g.single!, Buffer.from('late'));
    expect(late.status).toBe(403);
    expect((await late.json()) as unknown).toMatchObject({ error: { code: 'URL_EXPIRED' } });
    const { single } = await h.call(STORAGE_RPC.signUpload, { uploadToken: g.uploadToken });
    expect((await putBytes(single!, Buffer.from('late'))).status).toBe(200);
  });

  it('when a single-PUT URL is used twice, then the second PUT may not overwrite the object', async () => {
    const g = await grant(5);
    expect((await putBytes(g.single!, Buffer.from('first'))).status).toBe(200);
    const again = await putBytes(g.single!, Buffer.from('secnd'));
    expect(again.status).toBe(409);
    expect((await again.json()) as unknown).toMatchObject({ error: { code: 'OBJECT_EXISTS' } });
    await h.call(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: g.uploadToken }] });
    const { url } = await h.call(STORAGE_RPC.signDownload, { fileId: g.fileId });
    expect(await (await fetch(url)).text()).toBe('first');
  });

  it('when more bytes are sent than the grant allows, then 413 UPLOAD_TOO_LARGE, and fewer bytes are refused too', async () => {
    const g = await grant(100);
    const over = await putBytes(g.single!, Buffer.alloc(101));
    expect(over.status).toBe(413);
    expect((await over.json()) as unknown).toMatchObject({ error: { code: 'UPLOAD_TOO_LARGE' } });
    const under = await putBytes(g.single!, Buffer.alloc(99));
    expect(under.status).toBe(409);
    expect((await under.json()) as unknown).toMatchObject({ error: { code: 'SIZE_MISMATCH' } });
    // A body streamed without a length is cut off at the limit as well.
    const chunked = await fetch(g.single!.url, {
      method: 'PUT',
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new Uint8Array(80));
          controller.enqueue(new Uint8Array(80));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('when the client names a key, a path or an owner prefix, then it is refused, and a grant always uses a fresh server key under the owner', async () => {
    const owner = { type: 'teamUpload', adminId: 'admin1', memberId: 'member1' } as const;
    for (const file of [{ name: '../../etc/passwd', size: 3 }, { name: '..', size: 3 }, { name: 'passwd', size: 3, key: 'u/victim/file' }]) {
      await expect(h.call(STORAGE_RPC.createUploadGrants, { owner, files: [file as never] })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const { grants } = await h.call(STORAGE_RPC.createUploadGrants, { owner, files: [{ name: 'passwd', size: 3 }] });
    expect(grants[0]!.key).toMatch(/^u\/admin1\/[0-9a-f-]{36}$/);
    await expect(
      h.call(STORAGE_RPC.createUploadGrants, { owner: { type: 'userUpload', userId: '../victim' }, files: [{ name: 'a', size: 1 }] }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await putBytes(grants[0]!.single!, Buffer.from('abc'));
    await h.call(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: grants[0]!.uploadToken }] });
    expect((await h.call(STORAGE_RPC.getUsage, { ownerId: 'admin1' })).bytes).toBe(3);
    expect((await h.call(STORAGE_RPC.getUsage, { ownerId: 'member1' })).bytes).toBe(0);
  });

  it('when an upload token is altered or expired, then 403 UPLOAD_TOKEN_INVALID', async () => {
    const g = await grant(3);
    const altered = g.uploadToken.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    await expect(h.call(STORAGE_RPC.signUpload, { uploadToken: altered })).rejects.toMatchObject({ code: 'UPLOAD_TOKEN_INVALID', status: 403 });
    h.advance(8 * 24 * 3600 * 1000);
    await expect(h.call(STORAGE_RPC.signUpload, { uploadToken: g.uploadToken })).rejects.toMatchObject({ code: 'UPLOAD_TOKEN_INVALID' });
  });

  describe('multipart', () => {
    const size = 50 * MB + 123;
    // The grant's unit is 512 KiB, so parts of 20 MB start at parts 1, 41 and 81.
    const layout = [
      { partNumber: 1, start: 0, end: 20 * MB },
      { partNumber: 41, start: 20 * MB, end: 40 * MB },
      { partNumber: 81, start: 40 * MB, end: size },
    ];
    const toSign = layout.map((p) => ({ partNumber: p.partNumber, size: p.end - p.start }));
    let g: TUploadGrant;
    let body: Buffer;
    beforeAll(async () => {
      body = randomBytes(size);
      g = await grant(size);
    });

    it('when a file of 50 MB is granted, then it is multipart and parts are signed on demand', async () => {
      expect(g.single).toBeUndefined();
      expect(g.multipart).toMatchObject({ minPartSize: 512 * 1024, maxParts: 101 });
      const { parts } = await h.call(STORAGE_RPC.signUpload, { uploadToken: g.uploadToken, parts: toSign });
      expect(parts!.map((p) => p.partNumber)).toEqual([1, 41, 81]);
    });

    it('when a part URL is used for another part number, then 403', async () => {
      const { parts } = await h.call(STORAGE_RPC.signUpload, { uploadToken: g.uploadToken, parts: toSign.slice(0, 1) });
      const moved = new URL(parts![0]!.url);
      moved.searchParams.set('partNumber', '7');
      expect((await putBytes({ method: parts![0]!.method, url: moved.toString(), headers: {} }, Buffer.alloc(5))).status).toBe(403);
    });

    it('when a part is signed, then it is a POST with no headers to add (a browser sends it without a CORS preflight), its bytes count, and the same URL refuses a PUT', async () => {
      const { parts } = await h.call(STORAGE_RPC.signUpload, { uploadToken: g.uploadToken, parts: toSign.slice(0, 1) });
      const part = parts![0]!;
      expect(part.method).toBe('POST');
      expect(part.headers).toEqual({});
      const bytes = body.subarray(0, 20 * MB);
      const asPut = await fetch(part.url, { method: 'PUT', body: bytes });
      expect(asPut.status).toBe(403);
      expect((await asPut.json()) as unknown).toMatchObject({ error: { code: 'URL_SIGNATURE_INVALID' } });
      expect((await h.call(STORAGE_RPC.listUploadParts, { uploadToken: g.uploadToken })).parts.find((p) => p.partNumber === 1)).toBeUndefined();
      // As a browser sends a File slice: no Content-Type, so a "simple" cross-origin request.
      const posted = await fetch(part.url, { method: 'POST', body: bytes });
      expect(posted.status).toBe(200);
      expect(posted.headers.get('access-control-allow-origin')).toBe('*');
      expect(posted.headers.get('access-control-expose-headers')).toContain('ETag');
      expect(posted.headers.get('etag')).not.toBeNull();
      const listed = await h.call(STORAGE_RPC.listUploadParts, { uploadToken: g.uploadToken });
      expect(listed.parts.find((p) => p.partNumber === 1)).toMatchObject({ size: 20 * MB, etag: posted.headers.get('etag')!.replace(/"/g, '') });
    });

    it('when a part upload is cut off half way, then no part counts', async () => {
      const { parts } = await h.call(STORAGE_RPC.signUpload, { uploadToken: g.uploadToken, parts: toSign.slice(1, 2) });
      const controller = new AbortController();
      const stream = new ReadableStream({
        async pull(c) {
          c.enqueue(new Uint8Array(4 * MB));
          await new Promise((r) => setTimeout(r, 50));
          controller.abort();
        },
      });
      await expect(fetch(parts![0]!.url, { method: parts![0]!.method, body: stream, signal: controller.signal, duplex: 'half' } as RequestInit)).rejects.toThrow();
      await new Promise((r) => setTimeout(r, 200));
      const listed = await h.call(STORAGE_RPC.listUploadParts, { uploadToken: g.uploadToken });
      expect(listed.parts.find((p) => p.partNumber === 41)).toBeUndefined();
    });

    it('when parts arrive and the client completes with their ETags, as a list or a part set, then the object is whole; a wrong ETag, a missing part or a short size is refused', async () => {
      const { parts } = await h.call(STORAGE_RPC.signUpload, { uploadToken: g.uploadToken, parts: toSign });
      const etags: string[] = [];
      for (const [i, part] of parts!.entries()) {
        const res = await putBytes(part, body.subarray(layout[i]!.start, layout[i]!.end));
        expect(res.status).toBe(200);
        etags.push(res.headers.get('etag')!);
      }
      const listed = await h.call(STORAGE_RPC.listUploadParts, { uploadToken: g.uploadToken });
      expect(listed.parts.map((p) => [p.partNumber, p.size])).toEqual([
        [1, 20 * MB],
        [41, 20 * MB],
        [81, 10 * MB + 123],
      ]);
      const named = etags.map((etag, i) => ({ partNumber: layout[i]!.partNumber, etag }));
      await expect(
        h.call(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: g.uploadToken, parts: [named[0]!, { partNumber: 41, etag: 'bad' }, named[2]!] }] }),
      ).rejects.toMatchObject({ code: 'UPLOAD_INCOMPLETE' });
      await expect(h.call(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: g.uploadToken, parts: named.slice(0, 2) }] })).rejects.toMatchObject({
        code: 'SIZE_MISMATCH',
      });
      // As the upload engine names them: a part set (ranges and a digest over the ETags).
      const set = partSetOf(named)!;
      await expect(h.call(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: g.uploadToken, partSet: { ...set, sha256: partSetOf([named[0]!, { partNumber: 41, etag: 'bad' }, named[2]!])!.sha256 } }] })).rejects.toMatchObject({
        code: 'UPLOAD_INCOMPLETE',
        message: 'The parts of report.pdf that storage holds are not the ones the upload sent',
      });
      await expect(h.call(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: g.uploadToken, partSet: partSetOf([...named, { partNumber: 82, etag: 'e' }])! }] })).rejects.toMatchObject({
        code: 'UPLOAD_INCOMPLETE',
        message: 'Part 82 of report.pdf has not arrived',
      });
      await expect(h.call(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: g.uploadToken, partSet: partSetOf(named.slice(0, 2))! }] })).rejects.toMatchObject({
        code: 'SIZE_MISMATCH',
      });
      const done = await h.call(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: g.uploadToken, partSet: set }] });
      expect(done.objects[0]).toMatchObject({ size, status: 'complete' });
      const again = await h.call(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: g.uploadToken, parts: named }] });
      expect(again.objects[0]!.status).toBe('complete');
      const { url } = await h.call(STORAGE_RPC.signDownload, { fileId: g.fileId });
      const across = await fetch(url, { headers: { Range: `bytes=${20 * MB - 10}-${20 * MB + 9}` } });
      expect(Buffer.from(await across.arrayBuffer()).equals(body.subarray(20 * MB - 10, 20 * MB + 10))).toBe(true);
      const sum = await waitFor('the SHA-256', async () => (await h.call(STORAGE_RPC.getObjects, { fileIds: [g.fileId] })).objects[0]?.sha256 ?? undefined, 20_000);
      expect(sum).toBe(sha(body));
    });
  });
});
