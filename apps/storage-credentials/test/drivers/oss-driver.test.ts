import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOssDriver } from '../../src/drivers/oss/oss-driver';
import type { StorageDriver } from '../../src/drivers/storage-driver';
import { describeStorageDriverContract } from '../../src/drivers/storage-driver.contract';
import { startFakeOssServer, type FakeOssServer } from './fake-oss-server';

const bucket = 'ferry-oss-test';
const region = 'oss-cn-hongkong';
const keys = { accessKeyId: 'LTAI5tFerryTestKey', accessKeySecret: 'ferry-test-secret' };

describeStorageDriverContract('oss', async () => {
  // Two entries per list page, so the driver's paging is exercised by the contract's few objects.
  const fake = await startFakeOssServer({ bucket, region, ...keys, pageSize: 2 });
  const driver = createOssDriver({ region, ...keys, endpoint: fake.endpoint, cname: true });
  await driver.ensureBucket(bucket);
  return { driver, bucket, teardown: () => fake.close() };
});

async function errorCode(response: Response): Promise<string | undefined> {
  return /<Code>([^<]+)<\/Code>/.exec(await response.text())?.[1];
}

describe('oss driver against a fake that checks every signature', () => {
  let fake: FakeOssServer;
  let driver: StorageDriver;
  const key = 'proof/合同 final.pdf';
  const body = Buffer.from('%PDF-1.7 signed bytes');

  beforeAll(async () => {
    fake = await startFakeOssServer({ bucket, region, ...keys });
    driver = createOssDriver({ region, ...keys, endpoint: fake.endpoint, cname: true });
    await driver.ensureBucket(bucket);
    await driver.putObject({ bucket, key, body, contentType: 'application/pdf' });
  });

  afterAll(async () => {
    await fake.close();
  });

  it('when a presigned GET is used exactly as issued, then the fake serves the object', async () => {
    const get = await driver.presignGet({ bucket, key, filename: '合同.pdf', expiresInSeconds: 60 });
    const response = await fetch(get.url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
  });

  it('when the key in a presigned GET URL is changed, then the fake refuses it with 403 SignatureDoesNotMatch', async () => {
    await driver.putObject({ bucket, key: 'proof/other.pdf', body: Buffer.from('other'), contentType: 'application/pdf' });
    const get = await driver.presignGet({ bucket, key, filename: '合同.pdf', expiresInSeconds: 60 });
    const tampered = new URL(get.url);
    tampered.pathname = '/proof/other.pdf';
    const response = await fetch(tampered);
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('SignatureDoesNotMatch');
  });

  it('when the signature of a presigned GET URL is changed, then the fake refuses it with 403 SignatureDoesNotMatch', async () => {
    const get = await driver.presignGet({ bucket, key, filename: '合同.pdf', expiresInSeconds: 60 });
    const tampered = new URL(get.url);
    const signature = tampered.searchParams.get('x-oss-signature') ?? '';
    tampered.searchParams.set('x-oss-signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    const response = await fetch(tampered);
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('SignatureDoesNotMatch');
  });

  it('when the download disposition in a presigned GET URL is changed, then the fake refuses it with 403', async () => {
    const get = await driver.presignGet({ bucket, key, filename: '合同.pdf', expiresInSeconds: 60 });
    const tampered = new URL(get.url);
    tampered.searchParams.set('response-content-disposition', 'inline');
    const response = await fetch(tampered);
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('SignatureDoesNotMatch');
  });

  it('when a presigned GET URL is used after it expired, then the fake refuses it with 403 AccessDenied', async () => {
    const get = await driver.presignGet({ bucket, key, filename: '合同.pdf', expiresInSeconds: 60 });
    fake.advanceClock(61_000);
    try {
      const response = await fetch(get.url);
      expect(response.status).toBe(403);
      const text = await response.text();
      expect(text).toContain('<Code>AccessDenied</Code>');
      expect(text).toContain('expired');
    } finally {
      fake.advanceClock(-61_000);
    }
  });

  it('when a presigned PUT is sent with another Content-Type than it was signed for, then the fake refuses it with 403', async () => {
    const bytes = Buffer.from('twelve bytes');
    const put = await driver.presignPut({ bucket, key: 'proof/upload.txt', size: bytes.length, contentType: 'text/plain', expiresInSeconds: 60 });
    const response = await fetch(put.url, { method: 'PUT', headers: { ...put.headers, 'content-type': 'text/html' }, body: bytes });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('SignatureDoesNotMatch');
    expect(await driver.head({ bucket, key: 'proof/upload.txt' })).toBeNull();
  });

  it('when a presigned PUT is sent more bytes than it was signed for, then the fake refuses it with 403', async () => {
    const put = await driver.presignPut({ bucket, key: 'proof/sized.bin', size: 10, contentType: 'application/octet-stream', expiresInSeconds: 60 });
    const response = await fetch(put.url, { method: 'PUT', headers: put.headers, body: Buffer.alloc(11) });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('SignatureDoesNotMatch');
  });

  it('when a presigned part URL is sent more or fewer bytes than it was signed for, then the fake refuses it with 403; its exact size is stored', async () => {
    const uploadId = await driver.createMultipartUpload({ bucket, key: 'proof/bounded.bin', contentType: 'application/octet-stream' });
    const part = await driver.presignPart({ bucket, key: 'proof/bounded.bin', uploadId, partNumber: 1, expiresInSeconds: 60, size: 200 * 1024 });
    expect(new URL(part.url).searchParams.get('x-oss-additional-headers')).toBe('content-length');
    for (const wrong of [200 * 1024 + 1, 50 * 1024 * 1024, 100]) {
      const response = await fetch(part.url, { method: 'PUT', headers: part.headers, body: Buffer.alloc(wrong) });
      expect(response.status).toBe(403);
      expect(await errorCode(response)).toBe('SignatureDoesNotMatch');
    }
    expect((await driver.listParts({ bucket, key: 'proof/bounded.bin', uploadId })).map((p) => p.size)).toEqual([]);
    const exact = await fetch(part.url, { method: 'PUT', headers: part.headers, body: Buffer.alloc(200 * 1024) });
    expect(exact.status).toBe(200);
    expect((await driver.listParts({ bucket, key: 'proof/bounded.bin', uploadId })).map((p) => p.size)).toEqual([200 * 1024]);
    await driver.abortMultipartUpload({ bucket, key: 'proof/bounded.bin', uploadId });
  });

  it('when a presigned part URL is replayed against another part number, then the fake refuses it with 403', async () => {
    const uploadId = await driver.createMultipartUpload({ bucket, key: 'proof/parts.bin', contentType: 'application/octet-stream' });
    const part = await driver.presignPart({ bucket, key: 'proof/parts.bin', uploadId, partNumber: 1, expiresInSeconds: 60, size: 10 });
    const tampered = new URL(part.url);
    tampered.searchParams.set('partNumber', '2');
    const response = await fetch(tampered, { method: 'PUT', body: Buffer.alloc(10) });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('SignatureDoesNotMatch');
    await driver.abortMultipartUpload({ bucket, key: 'proof/parts.bin', uploadId });
  });

  it('when a read starts past the end of the object, then it fails rather than returning the whole object', async () => {
    await expect(driver.read({ bucket, key, start: body.length + 10 })).rejects.toMatchObject({ status: 416 });
  });

  it('when the driver signs with the wrong secret, then its calls fail with SignatureDoesNotMatch', async () => {
    const impostor = createOssDriver({ region, accessKeyId: keys.accessKeyId, accessKeySecret: 'not-the-secret', endpoint: fake.endpoint, cname: true });
    await expect(impostor.putObject({ bucket, key: 'proof/impostor.txt', body: Buffer.from('x'), contentType: 'text/plain' })).rejects.toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
  });

  it('when the driver signs for another region, then its calls are refused', async () => {
    const elsewhere = createOssDriver({ region: 'oss-cn-hangzhou', ...keys, endpoint: fake.endpoint, cname: true });
    await expect(elsewhere.listObjects({ bucket, prefix: 'proof/' })).rejects.toMatchObject({ status: 403 });
  });
});
