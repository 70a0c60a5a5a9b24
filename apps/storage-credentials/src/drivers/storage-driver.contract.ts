import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresignedRequest, StorageDriver } from './storage-driver';

/** What a driver's test file hands the contract: a driver, a bucket it may write to, and how to clean up. */
export interface StorageDriverContractFixture {
  driver: StorageDriver;
  bucket: string;
  teardown(): Promise<void>;
}

// Stores and fake servers differ in clock precision (S3 truncates to seconds), so dates are
// compared with slack.
const CLOCK_SLACK_MS = 60_000;

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function unquote(etag: string | null): string {
  return (etag ?? '').replace(/"/g, '');
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function send(request: PresignedRequest, body?: Uint8Array, extraHeaders: Record<string, string> = {}): Promise<Response> {
  return fetch(request.url, { method: request.method, headers: { ...request.headers, ...extraHeaders }, body });
}

async function expectOk(response: Response): Promise<void> {
  if (!response.ok) throw new Error(`storage answered ${response.status}: ${await response.text()}`);
}

/**
 * The behaviour every `StorageDriver` promises, checked through real HTTP wherever the driver hands
 * out a presigned request. Each driver's test runs it against a real or faithfully faked store.
 */
export function describeStorageDriverContract(name: string, setup: () => Promise<StorageDriverContractFixture>): void {
  describe(`storage driver contract: ${name}`, () => {
    let fixture: StorageDriverContractFixture | undefined;
    // Every test writes under its own prefix, so tests never see each other's objects or uploads.
    const root = `contract-${randomUUID()}`;

    const ctx = (): StorageDriverContractFixture => {
      if (!fixture) throw new Error('contract setup did not run');
      return fixture;
    };

    beforeAll(async () => {
      fixture = await setup();
    });

    afterAll(async () => {
      await fixture?.teardown();
    });

    describe('the bucket', () => {
      it('when ensureBucket is called for a bucket that already exists, then it resolves', async () => {
        const { driver, bucket } = ctx();
        await expect(driver.ensureBucket(bucket)).resolves.toBeUndefined();
        await expect(driver.ensureBucket(bucket)).resolves.toBeUndefined();
      });

      it('when the driver states its multipart limits, then they are usable numbers', () => {
        const { driver } = ctx();
        expect(['local', 's3', 'oss']).toContain(driver.name);
        expect(driver.minPartSize).toBeGreaterThan(0);
        expect(driver.maxParts).toBeGreaterThanOrEqual(1000);
      });
    });

    describe('a single presigned upload', () => {
      const key = `${root}/single/合同 v1.pdf`;
      const bytes = randomBytes(200_000);

      beforeAll(async () => {
        const { driver, bucket } = ctx();
        const put = await driver.presignPut({ bucket, key, size: bytes.length, contentType: 'application/pdf', expiresInSeconds: 300 });
        await expectOk(await send(put, bytes));
      });

      it('when a presigned PUT is issued, then it is a PUT that expires after the requested time', async () => {
        const { driver, bucket } = ctx();
        const before = Date.now();
        const put = await driver.presignPut({ bucket, key: `${root}/single/unused`, size: 1, contentType: 'text/plain', expiresInSeconds: 600 });
        expect(put.method).toBe('PUT');
        expect(() => new URL(put.url)).not.toThrow();
        expect(put.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 600_000 - 2_000);
        expect(put.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 600_000 + 2_000);
      });

      it('when bytes were PUT to the presigned URL with its headers, then head reports their size', async () => {
        const { driver, bucket } = ctx();
        const info = await driver.head({ bucket, key });
        expect(info).not.toBeNull();
        expect(info?.key).toBe(key);
        expect(info?.size).toBe(bytes.length);
        expect(unquote(info?.etag ?? null)).not.toBe('');
        expect(Math.abs((info?.lastModified.getTime() ?? 0) - Date.now())).toBeLessThan(CLOCK_SLACK_MS);
      });

      it('when the object is read without a range, then all its bytes come back', async () => {
        const { driver, bucket } = ctx();
        const read = await readAll(await driver.read({ bucket, key }));
        expect(read.length).toBe(bytes.length);
        expect(sha256(read)).toBe(sha256(bytes));
      });

      it('when the object is read with a start and an end, then exactly those bytes (inclusive) come back', async () => {
        const { driver, bucket } = ctx();
        const read = await readAll(await driver.read({ bucket, key, start: 1000, end: 1999 }));
        expect(read.equals(bytes.subarray(1000, 2000))).toBe(true);
      });

      it('when the object is read with only a start, then the bytes from there to the end come back', async () => {
        const { driver, bucket } = ctx();
        const read = await readAll(await driver.read({ bucket, key, start: bytes.length - 10 }));
        expect(read.equals(bytes.subarray(bytes.length - 10))).toBe(true);
      });

      it('when the object is read with only an end, then the bytes from the start through the end come back', async () => {
        const { driver, bucket } = ctx();
        const read = await readAll(await driver.read({ bucket, key, end: 9 }));
        expect(read.equals(bytes.subarray(0, 10))).toBe(true);
      });

      it('when the presigned GET is fetched, then it returns the bytes as an attachment with the UTF-8 filename', async () => {
        const { driver, bucket } = ctx();
        const get = await driver.presignGet({ bucket, key, filename: '合同.pdf', contentType: 'application/pdf', expiresInSeconds: 300 });
        expect(get.method).toBe('GET');
        const response = await send(get);
        expect(response.status).toBe(200);
        const disposition = response.headers.get('content-disposition') ?? '';
        expect(disposition).toContain('attachment');
        expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('合同')}.pdf`);
        expect(response.headers.get('content-type')).toContain('application/pdf');
        expect(sha256(new Uint8Array(await response.arrayBuffer()))).toBe(sha256(bytes));
      });

      it('when the presigned GET is fetched with a Range header, then it answers 206 with those bytes', async () => {
        const { driver, bucket } = ctx();
        const get = await driver.presignGet({ bucket, key, filename: '合同.pdf', expiresInSeconds: 300 });
        const response = await send(get, undefined, { Range: 'bytes=100-199' });
        expect(response.status).toBe(206);
        expect(Buffer.from(await response.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
      });

      it('when an HTML file is downloaded through a presigned GET, then it is served as application/octet-stream', async () => {
        const { driver, bucket } = ctx();
        const htmlKey = `${root}/single/page`;
        await driver.putObject({ bucket, key: htmlKey, body: Buffer.from('<script>alert(1)</script>'), contentType: 'text/html' });
        const get = await driver.presignGet({ bucket, key: htmlKey, filename: 'page.html', contentType: 'text/html', expiresInSeconds: 300 });
        const response = await send(get);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/octet-stream');
        expect(response.headers.get('content-disposition')).toContain('attachment');
        await response.arrayBuffer();
      });
    });

    describe('a multipart upload', () => {
      it('when three parts are PUT to presigned part URLs and the upload completed, then listParts saw them and the object is their concatenation', async () => {
        const { driver, bucket } = ctx();
        const key = `${root}/multipart/big.bin`;
        const parts = [randomBytes(driver.minPartSize), randomBytes(driver.minPartSize), randomBytes(12_345)];
        const uploadId = await driver.createMultipartUpload({ bucket, key, contentType: 'application/octet-stream' });
        expect(uploadId).not.toBe('');

        const etags: string[] = [];
        for (const [index, part] of parts.entries()) {
          const request = await driver.presignPart({ bucket, key, uploadId, partNumber: index + 1, expiresInSeconds: 300, size: part.length });
          // S3 and OSS sign PUTs; the local driver signs POSTs (no CORS preflight before each part).
          expect(request.method).toBe(name === 'local' ? 'POST' : 'PUT');
          const response = await send(request, part);
          await expectOk(response);
          await response.arrayBuffer();
          const etag = unquote(response.headers.get('etag'));
          expect(etag).not.toBe('');
          etags.push(etag);
        }

        const listed = await driver.listParts({ bucket, key, uploadId });
        expect(listed.map((p) => p.partNumber)).toEqual([1, 2, 3]);
        expect(listed.map((p) => p.size)).toEqual(parts.map((p) => p.length));
        expect(listed.map((p) => unquote(p.etag))).toEqual(etags);

        await driver.completeMultipartUpload({ bucket, key, uploadId, parts: listed.map((p) => ({ partNumber: p.partNumber, etag: p.etag })) });

        const whole = Buffer.concat(parts);
        const info = await driver.head({ bucket, key });
        expect(info?.size).toBe(whole.length);
        const read = await readAll(await driver.read({ bucket, key }));
        expect(read.length).toBe(whole.length);
        expect(sha256(read)).toBe(sha256(whole));
        const uploads = await driver.listMultipartUploads({ bucket, prefix: `${root}/multipart/` });
        expect(uploads.map((u) => u.uploadId)).not.toContain(uploadId);
      });

      it('when multipart uploads are open, then listMultipartUploads lists each with its key and initiated date', async () => {
        const { driver, bucket } = ctx();
        const prefix = `${root}/open/`;
        const before = Date.now();
        const keys = [`${prefix}a.bin`, `${prefix}b.bin`, `${prefix}deeper/c.bin`];
        const started: { key: string; uploadId: string }[] = [];
        for (const key of keys) started.push({ key, uploadId: await driver.createMultipartUpload({ bucket, key, contentType: 'application/octet-stream' }) });
        const outside = { key: `${root}/closed/d.bin`, uploadId: '' };
        outside.uploadId = await driver.createMultipartUpload({ bucket, key: outside.key, contentType: 'application/octet-stream' });
        const after = Date.now();

        try {
          const listed = await driver.listMultipartUploads({ bucket, prefix });
          expect(listed.map((u) => u.uploadId).sort()).toEqual(started.map((u) => u.uploadId).sort());
          for (const upload of started) {
            const found = listed.find((u) => u.uploadId === upload.uploadId);
            expect(found?.key).toBe(upload.key);
            expect(found?.initiated.getTime()).toBeGreaterThanOrEqual(before - CLOCK_SLACK_MS);
            expect(found?.initiated.getTime()).toBeLessThanOrEqual(after + CLOCK_SLACK_MS);
          }
          const everything = await driver.listMultipartUploads({ bucket });
          expect(everything.map((u) => u.uploadId)).toEqual(expect.arrayContaining([...started, outside].map((u) => u.uploadId)));
        } finally {
          for (const upload of [...started, outside]) await driver.abortMultipartUpload({ bucket, ...upload });
        }
      });

      it('when a multipart upload is aborted, then it is no longer listed and its object never appears', async () => {
        const { driver, bucket } = ctx();
        const key = `${root}/aborted/x.bin`;
        const uploadId = await driver.createMultipartUpload({ bucket, key, contentType: 'application/octet-stream' });
        const part = await driver.presignPart({ bucket, key, uploadId, partNumber: 1, expiresInSeconds: 300, size: 1000 });
        const response = await send(part, randomBytes(1000));
        await expectOk(response);
        await response.arrayBuffer();
        expect((await driver.listMultipartUploads({ bucket, prefix: `${root}/aborted/` })).map((u) => u.uploadId)).toContain(uploadId);

        await driver.abortMultipartUpload({ bucket, key, uploadId });

        expect((await driver.listMultipartUploads({ bucket, prefix: `${root}/aborted/` })).map((u) => u.uploadId)).not.toContain(uploadId);
        expect(await driver.head({ bucket, key })).toBeNull();
      });
    });

    describe('server-side object operations', () => {
      it('when an object is put, then head reports its size and read returns its bytes', async () => {
        const { driver, bucket } = ctx();
        const key = `${root}/put/note.txt`;
        const body = Buffer.from('hello, ferry — 你好');
        await driver.putObject({ bucket, key, body, contentType: 'text/plain; charset=utf-8' });
        const info = await driver.head({ bucket, key });
        expect(info?.size).toBe(body.length);
        expect((await readAll(await driver.read({ bucket, key }))).equals(body)).toBe(true);
      });

      it('when an object is copied, then the copy has the same bytes and the original remains', async () => {
        const { driver, bucket } = ctx();
        const fromKey = `${root}/copy/original.bin`;
        const toKey = `${root}/copy/目标 copy.bin`;
        const body = randomBytes(5000);
        await driver.putObject({ bucket, key: fromKey, body, contentType: 'application/octet-stream' });
        await driver.copyObject({ bucket, fromKey, toKey });
        expect((await readAll(await driver.read({ bucket, key: toKey }))).equals(body)).toBe(true);
        expect((await driver.head({ bucket, key: fromKey }))?.size).toBe(body.length);
      });

      it('when an object is deleted, then head returns null', async () => {
        const { driver, bucket } = ctx();
        const key = `${root}/delete/gone.txt`;
        await driver.putObject({ bucket, key, body: Buffer.from('bye'), contentType: 'text/plain' });
        await driver.deleteObject({ bucket, key });
        expect(await driver.head({ bucket, key })).toBeNull();
      });

      it('when an object that is not there is deleted, then it does not throw', async () => {
        const { driver, bucket } = ctx();
        await expect(driver.deleteObject({ bucket, key: `${root}/delete/never-was.txt` })).resolves.toBeUndefined();
      });

      it('when head is asked for a key that is not there, then it returns null', async () => {
        const { driver, bucket } = ctx();
        expect(await driver.head({ bucket, key: `${root}/missing/nothing.bin` })).toBeNull();
      });

      it('when objects are listed by prefix, then exactly the objects under it come back, nested ones included', async () => {
        const { driver, bucket } = ctx();
        const prefix = `${root}/list/a/`;
        const inside = [`${prefix}1.txt`, `${prefix}2.txt`, `${prefix}sub/3.txt`];
        const outside = [`${root}/list/ab/4.txt`, `${root}/list/b/5.txt`];
        for (const [index, key] of [...inside, ...outside].entries()) {
          await driver.putObject({ bucket, key, body: Buffer.alloc(index + 1, 'x'), contentType: 'text/plain' });
        }
        const listed = await driver.listObjects({ bucket, prefix });
        expect(listed.map((o) => o.key).sort()).toEqual([...inside].sort());
        for (const [index, key] of inside.entries()) {
          const object = listed.find((o) => o.key === key);
          expect(object?.size).toBe(index + 1);
          const head = await driver.head({ bucket, key });
          expect(unquote(object?.etag ?? null)).toBe(unquote(head?.etag ?? null));
          expect(object?.lastModified).toBeInstanceOf(Date);
        }
      });

      it('when a prefix has no objects, then listObjects returns an empty list', async () => {
        const { driver, bucket } = ctx();
        expect(await driver.listObjects({ bucket, prefix: `${root}/empty/` })).toEqual([]);
      });
    });
  });
}
