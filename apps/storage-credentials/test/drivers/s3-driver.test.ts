import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Driver } from '../../src/drivers/s3/s3-driver';
import { describeStorageDriverContract } from '../../src/drivers/storage-driver.contract';
import { startS3rver } from './s3rver-harness';

describeStorageDriverContract('s3', async () => {
  const s3rver = await startS3rver();
  // s3rver neither checks nor rejects SSE headers, so the driver runs with its production default.
  const driver = createS3Driver({ endpoint: s3rver.endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
  const bucket = 'ferry-contract';
  await driver.ensureBucket(bucket);
  return { driver, bucket, teardown: () => s3rver.close() };
});

interface CapturedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** Answers just enough S3 to let the driver's writes succeed, and remembers what they sent. */
async function startCapturingS3(): Promise<{ endpoint: string; requests: CapturedRequest[]; server: Server }> {
  const requests: CapturedRequest[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      res.setHeader('ETag', '"0123456789abcdef0123456789abcdef"');
      res.setHeader('Content-Type', 'application/xml');
      if (req.method === 'POST' && req.url?.includes('uploads')) {
        res.end('<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult><Bucket>b</Bucket><Key>k</Key><UploadId>upload-1</UploadId></InitiateMultipartUploadResult>');
      } else if (req.headers['x-amz-copy-source']) {
        res.end('<?xml version="1.0" encoding="UTF-8"?><CopyObjectResult><ETag>"0123456789abcdef0123456789abcdef"</ETag><LastModified>2026-01-01T00:00:00.000Z</LastModified></CopyObjectResult>');
      } else {
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, server };
}

describe('s3 driver server-side encryption', () => {
  let capture: Awaited<ReturnType<typeof startCapturingS3>>;
  const credentials = { region: 'eu-central-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', forcePathStyle: true };

  beforeAll(async () => {
    capture = await startCapturingS3();
  });

  afterAll(async () => {
    capture.server.closeAllConnections();
    await new Promise((resolve) => capture.server.close(resolve));
  });

  it('when SSE is on by default, then the presigned PUT signs the SSE header and hands it to the client', async () => {
    const driver = createS3Driver({ ...credentials, endpoint: capture.endpoint });
    const put = await driver.presignPut({ bucket: 'ferry', key: 'a/b.bin', size: 1234, contentType: 'application/pdf', expiresInSeconds: 60 });
    const signed = new URL(put.url).searchParams.get('X-Amz-SignedHeaders')?.split(';') ?? [];
    expect(signed).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host', 'x-amz-server-side-encryption']));
    expect(put.headers).toEqual({ 'content-type': 'application/pdf', 'x-amz-server-side-encryption': 'AES256' });
  });

  it('when a part is presigned, then Content-Length is a signed header and the signature changes with the size', async () => {
    const driver = createS3Driver({ ...credentials, endpoint: capture.endpoint });
    const sign = (size: number) => driver.presignPart({ bucket: 'ferry', key: 'a/big.bin', uploadId: 'upload-1', partNumber: 3, size, expiresInSeconds: 60 });
    let pair: URL[] = [];
    // Signed in the same second, the two URLs differ only by what the size does to the signature.
    for (let i = 0; i < 3; i += 1) {
      pair = (await Promise.all([sign(5 * 1024 * 1024), sign(5 * 1024 * 1024 + 1)])).map((p) => new URL(p.url));
      if (pair[0]!.searchParams.get('X-Amz-Date') === pair[1]!.searchParams.get('X-Amz-Date')) break;
    }
    const [exact, larger] = pair as [URL, URL];
    expect(exact.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-length', 'host']));
    expect(exact.searchParams.get('partNumber')).toBe('3');
    expect(exact.searchParams.get('X-Amz-Signature')).not.toBe(larger.searchParams.get('X-Amz-Signature'));
    const withoutSignature = (url: URL) => {
      const copy = new URL(url);
      copy.searchParams.delete('X-Amz-Signature');
      return copy.toString();
    };
    expect(withoutSignature(exact)).toBe(withoutSignature(larger));
  });

  it('when SSE is on by default, then CreateMultipartUpload, PutObject and CopyObject ask for AES256', async () => {
    const driver = createS3Driver({ ...credentials, endpoint: capture.endpoint });
    capture.requests.length = 0;
    await driver.createMultipartUpload({ bucket: 'ferry', key: 'a/big.bin', contentType: 'application/octet-stream' });
    await driver.putObject({ bucket: 'ferry', key: 'a/small.bin', body: Buffer.from('x'), contentType: 'text/plain' });
    await driver.copyObject({ bucket: 'ferry', fromKey: 'a/small.bin', toKey: 'a/copy.bin' });
    expect(capture.requests.map((r) => [r.method, r.headers['x-amz-server-side-encryption']])).toEqual([
      ['POST', 'AES256'],
      ['PUT', 'AES256'],
      ['PUT', 'AES256'],
    ]);
  });

  it('when SSE is turned off, then neither presigned nor direct requests carry the SSE header', async () => {
    const driver = createS3Driver({ ...credentials, endpoint: capture.endpoint, serverSideEncryption: false });
    capture.requests.length = 0;
    const put = await driver.presignPut({ bucket: 'ferry', key: 'a/b.bin', size: 1, contentType: 'text/plain', expiresInSeconds: 60 });
    await driver.createMultipartUpload({ bucket: 'ferry', key: 'a/big.bin', contentType: 'application/octet-stream' });
    expect(new URL(put.url).searchParams.get('X-Amz-SignedHeaders')).not.toContain('x-amz-server-side-encryption');
    expect(put.headers).toEqual({ 'content-type': 'text/plain' });
    expect(capture.requests.map((r) => r.headers['x-amz-server-side-encryption'])).toEqual([undefined]);
  });

  it('when a download is presigned, then the URL asks S3 for an attachment disposition and a safe content type', async () => {
    const driver = createS3Driver({ ...credentials, endpoint: capture.endpoint });
    const get = await driver.presignGet({ bucket: 'ferry', key: 'a/x', filename: 'evil.svg', contentType: 'image/svg+xml', expiresInSeconds: 60 });
    const query = new URL(get.url).searchParams;
    expect(query.get('response-content-disposition')).toBe(`attachment; filename="evil.svg"; filename*=UTF-8''evil.svg`);
    expect(query.get('response-content-type')).toBe('application/octet-stream');
  });
});
