import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type BucketLocationConstraint,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { attachmentDisposition, downloadContentType } from '../content-disposition';
import type { MultipartUploadInfo, ObjectInfo, PartInfo, PresignedRequest, StorageDriver } from '../storage-driver';

export interface S3DriverOptions {
  /** An S3-compatible endpoint (MinIO, s3rver, R2, …); leave out for AWS itself. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Address buckets as `endpoint/bucket` instead of `bucket.endpoint` (MinIO and most emulators need it). */
  forcePathStyle?: boolean;
  /**
   * Request SSE-S3 (AES256) on every PUT, CreateMultipartUpload and CopyObject. Default true.
   * Presigned PUTs then carry `x-amz-server-side-encryption` as a signed header the client must send.
   */
  serverSideEncryption?: boolean;
}

const MIB = 1024 * 1024;
const SSE_HEADER = 'x-amz-server-side-encryption';

function unquote(etag: string | undefined): string {
  return (etag ?? '').replace(/"/g, '');
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.$metadata?.httpStatusCode === 404 || e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.name === 'NoSuchBucket';
}

// CopySource is a URL path: each segment is percent-encoded, the slashes between them are not.
function copySource(bucket: string, key: string): string {
  return `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

function rangeHeader(start?: number, end?: number): string | undefined {
  if (start === undefined && end === undefined) return undefined;
  return `bytes=${start ?? 0}-${end ?? ''}`;
}

interface S3Context {
  client: S3Client;
  options: S3DriverOptions;
  /** Whether every write asks for SSE-S3. */
  sse: boolean;
  sseInput: { ServerSideEncryption?: 'AES256' };
}

const expiresAt = (seconds: number) => new Date(Date.now() + seconds * 1000);

/** The bucket, and the URLs the bytes move over. */
function s3Signing({ client, options, sse, sseInput }: S3Context): Pick<StorageDriver, 'ensureBucket' | 'presignPut' | 'presignPart' | 'presignGet'> {
  return {
    async ensureBucket(bucket) {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
        return;
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      // AWS wants the region spelled out outside us-east-1; S3-compatible stores mostly reject it.
      const location = !options.endpoint && options.region !== 'us-east-1' ? { LocationConstraint: options.region as BucketLocationConstraint } : undefined;
      try {
        await client.send(new CreateBucketCommand({ Bucket: bucket, CreateBucketConfiguration: location }));
      } catch (error) {
        if ((error as { name?: string }).name !== 'BucketAlreadyOwnedByYou') throw error;
      }
    },

    async presignPut({ bucket, key, size, contentType, expiresInSeconds }): Promise<PresignedRequest> {
      const command = new PutObjectCommand({ Bucket: bucket, Key: key, ContentLength: size, ContentType: contentType, ...sseInput });
      // The presigner leaves Content-Type unsigned by default; signing it and Content-Length means
      // the URL only accepts exactly the announced bytes of the announced type.
      const url = await getSignedUrl(client, command, { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-type', 'content-length']) });
      const headers: Record<string, string> = { 'content-type': contentType };
      if (sse) headers[SSE_HEADER] = 'AES256';
      return { method: 'PUT', url, headers, expiresAt: expiresAt(expiresInSeconds) };
    },

    // Content-Length is signed, so the URL accepts exactly the part's size and nothing larger.
    async presignPart({ bucket, key, uploadId, partNumber, size, expiresInSeconds }) {
      const command = new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, ContentLength: size });
      const url = await getSignedUrl(client, command, { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-length']) });
      return { method: 'PUT', url, headers: {}, expiresAt: expiresAt(expiresInSeconds) };
    },

    async presignGet({ bucket, key, filename, contentType, expiresInSeconds }) {
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(filename),
        ResponseContentType: downloadContentType(filename, contentType),
      });
      const url = await getSignedUrl(client, command, { expiresIn: expiresInSeconds });
      return { method: 'GET', url, headers: {}, expiresAt: expiresAt(expiresInSeconds) };
    },
  };
}

function s3Multipart({ client, sseInput }: S3Context): Pick<StorageDriver, 'createMultipartUpload' | 'listParts' | 'completeMultipartUpload' | 'abortMultipartUpload' | 'listMultipartUploads'> {
  return {
    async createMultipartUpload({ bucket, key, contentType }) {
      const result = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType, ...sseInput }));
      if (!result.UploadId) throw new Error(`S3 returned no upload id for ${bucket}/${key}`);
      return result.UploadId;
    },

    async listParts({ bucket, key, uploadId }) {
      const parts: PartInfo[] = [];
      let marker: string | undefined;
      do {
        const page = await client.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }));
        for (const part of page.Parts ?? []) {
          parts.push({ partNumber: part.PartNumber ?? 0, size: part.Size ?? 0, etag: unquote(part.ETag) });
        }
        marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      } while (marker);
      return parts.sort((a, b) => a.partNumber - b.partNumber);
    },

    async completeMultipartUpload({ bucket, key, uploadId, parts }) {
      const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: sorted.map((p) => ({ PartNumber: p.partNumber, ETag: `"${unquote(p.etag)}"` })) },
        }),
      );
    },

    async abortMultipartUpload({ bucket, key, uploadId }) {
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
    },

    async listMultipartUploads({ bucket, prefix }) {
      const uploads: MultipartUploadInfo[] = [];
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      for (;;) {
        const page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix || undefined, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }));
        for (const upload of page.Uploads ?? []) {
          if (upload.Key && upload.UploadId) uploads.push({ key: upload.Key, uploadId: upload.UploadId, initiated: upload.Initiated ?? new Date(0) });
        }
        if (!page.IsTruncated) return uploads;
        keyMarker = page.NextKeyMarker;
        uploadIdMarker = page.NextUploadIdMarker;
      }
    },
  };
}

function s3Objects({ client, sseInput }: S3Context): Pick<StorageDriver, 'head' | 'read' | 'putObject' | 'copyObject' | 'deleteObject' | 'listObjects'> {
  return {
    async head({ bucket, key }): Promise<ObjectInfo | null> {
      try {
        const result = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { key, size: result.ContentLength ?? 0, etag: unquote(result.ETag), lastModified: result.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async read({ bucket, key, start, end }) {
      const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: rangeHeader(start, end) }));
      if (!(result.Body instanceof Readable)) throw new Error(`S3 returned no readable body for ${bucket}/${key}`);
      return result.Body;
    },

    async putObject({ bucket, key, body, contentType }) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentLength: body.length, ContentType: contentType, ...sseInput }));
    },

    // Single-request copy: S3 limits it to sources of 5 GiB.
    async copyObject({ bucket, fromKey, toKey }) {
      await client.send(new CopyObjectCommand({ Bucket: bucket, Key: toKey, CopySource: copySource(bucket, fromKey), ...sseInput }));
    },

    async deleteObject({ bucket, key }) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    async listObjects({ bucket, prefix }) {
      const objects: ObjectInfo[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (object.Key) objects.push({ key: object.Key, size: object.Size ?? 0, etag: unquote(object.ETag), lastModified: object.LastModified ?? new Date(0) });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return objects;
    },
  };
}

/** A `StorageDriver` over AWS S3 or any S3-compatible store, with the bytes moving over presigned URLs. */
export function createS3Driver(options: S3DriverOptions): StorageDriver {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    forcePathStyle: options.forcePathStyle,
    // The SDK's default flexible checksums put a CRC of an empty body into presigned URLs and are
    // not understood by every S3-compatible store; Content-MD5/ETag checks are enough for us.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const sse = options.serverSideEncryption ?? true;
  const ctx: S3Context = { client, options, sse, sseInput: sse ? { ServerSideEncryption: 'AES256' } : {} };
  return {
    name: 's3',
    minPartSize: 5 * MIB,
    maxParts: 10_000,
    ...s3Signing(ctx),
    ...s3Multipart(ctx),
    ...s3Objects(ctx),
  };
}
