import OSS from 'ali-oss';
import type { Readable } from 'node:stream';
import { attachmentDisposition, downloadContentType } from '../content-disposition';
import type { MultipartUploadInfo, ObjectInfo, PartInfo, PresignedRequest, StorageDriver } from '../storage-driver';

export interface OssDriverOptions {
  /** The bucket's region as ali-oss names it, e.g. `oss-cn-hongkong`. */
  region: string;
  accessKeyId: string;
  accessKeySecret: string;
  /**
   * Where to send requests instead of the region's public endpoint (e.g. the `-internal` endpoint,
   * a custom domain, or a test server). ali-oss refuses IP addresses here: use a host name.
   */
  endpoint?: string;
  /**
   * The endpoint is a custom domain bound to the bucket (or a test server), so the bucket name is
   * not put in front of the host. Default false.
   */
  cname?: boolean;
}

const KIB = 1024;
/** OSS caps V4 presigned URLs at seven days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
const PAGE = 1000;

/** What ali-oss returns for one part before it is normalised (xml2js gives one element, not an array, for a single part). */
interface RawPart {
  PartNumber: string;
  Size: string;
  ETag: string;
}

function unquote(etag: string | undefined): string {
  return (etag ?? '').replace(/"/g, '');
}

function isNotFound(error: unknown): boolean {
  const e = error as { status?: number; code?: string };
  return e?.status === 404 || e?.code === 'NoSuchKey' || e?.code === 'NoSuchBucket';
}

function rangeHeaders(start?: number, end?: number): Record<string, string> {
  if (start === undefined && end === undefined) return {};
  // Without `standard`, OSS answers an unsatisfiable range with the whole object instead of 416.
  return { Range: `bytes=${start ?? 0}-${end ?? ''}`, 'x-oss-range-behavior': 'standard' };
}

function checkExpiry(seconds: number): number {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_PRESIGN_SECONDS) {
    throw new RangeError(`OSS presigned URLs last 1..${MAX_PRESIGN_SECONDS} whole seconds, not ${seconds}`);
  }
  return seconds;
}

/** One ali-oss client per bucket, made on first use. */
type ClientFor = (bucket: string) => OSS;

const expiresAt = (seconds: number) => new Date(Date.now() + seconds * 1000);

/** The bucket, and the URLs the bytes move over. */
function ossSigning(clientFor: ClientFor): Pick<StorageDriver, 'ensureBucket' | 'presignPut' | 'presignPart' | 'presignGet'> {
  return {
    async ensureBucket(bucket) {
      const client = clientFor(bucket);
      try {
        await client.getBucketInfo(bucket);
      } catch (error) {
        if ((error as { code?: string }).code !== 'NoSuchBucket') throw error;
        await client.putBucket(bucket);
      }
    },

    async presignPut({ bucket, key, size, contentType, expiresInSeconds }): Promise<PresignedRequest> {
      // Content-Length is signed as an additional header, so the URL accepts exactly `size` bytes.
      const url = await clientFor(bucket).signatureUrlV4(
        'PUT',
        checkExpiry(expiresInSeconds),
        { headers: { 'Content-Type': contentType, 'Content-Length': String(size) } },
        key,
        ['content-length'],
      );
      return { method: 'PUT', url, headers: { 'content-type': contentType }, expiresAt: expiresAt(expiresInSeconds) };
    },

    // Content-Length is signed as an additional header, so the URL accepts exactly the part's size.
    async presignPart({ bucket, key, uploadId, partNumber, size, expiresInSeconds }) {
      const url = await clientFor(bucket).signatureUrlV4(
        'PUT',
        checkExpiry(expiresInSeconds),
        { headers: { 'Content-Length': String(size) }, queries: { partNumber, uploadId } },
        key,
        ['content-length'],
      );
      return { method: 'PUT', url, headers: {}, expiresAt: expiresAt(expiresInSeconds) };
    },

    async presignGet({ bucket, key, filename, contentType, expiresInSeconds }) {
      const queries = {
        'response-content-disposition': attachmentDisposition(filename),
        'response-content-type': downloadContentType(filename, contentType),
      };
      const url = await clientFor(bucket).signatureUrlV4('GET', checkExpiry(expiresInSeconds), { queries }, key);
      return { method: 'GET', url, headers: {}, expiresAt: expiresAt(expiresInSeconds) };
    },
  };
}

function ossMultipart(clientFor: ClientFor): Pick<StorageDriver, 'createMultipartUpload' | 'listParts' | 'completeMultipartUpload' | 'abortMultipartUpload' | 'listMultipartUploads'> {
  return {
    async createMultipartUpload({ bucket, key, contentType }) {
      const result = await clientFor(bucket).initMultipartUpload(key, { mime: contentType });
      return result.uploadId;
    },

    async listParts({ bucket, key, uploadId }) {
      const parts: PartInfo[] = [];
      let marker: string | undefined;
      for (;;) {
        // Only defined values may go in the query: ali-oss would sign an undefined one differently from how it sends it.
        const query: Record<string, string | number> = { 'max-parts': PAGE };
        if (marker) query['part-number-marker'] = marker;
        const page = await clientFor(bucket).listParts(key, uploadId, query as unknown as OSS.ListPartsQuery);
        const raw = page.parts as unknown as RawPart | RawPart[] | undefined;
        for (const part of raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) {
          parts.push({ partNumber: Number(part.PartNumber), size: Number(part.Size), etag: unquote(part.ETag) });
        }
        const truncated = String(page.isTruncated) === 'true';
        if (!truncated || !page.nextPartNumberMarker) return parts.sort((a, b) => a.partNumber - b.partNumber);
        marker = String(page.nextPartNumberMarker);
      }
    },

    async completeMultipartUpload({ bucket, key, uploadId, parts }) {
      await clientFor(bucket).completeMultipartUpload(
        key,
        uploadId,
        parts.map((p) => ({ number: p.partNumber, etag: `"${unquote(p.etag)}"` })),
      );
    },

    async abortMultipartUpload({ bucket, key, uploadId }) {
      await clientFor(bucket).abortMultipartUpload(key, uploadId);
    },

    async listMultipartUploads({ bucket, prefix }) {
      const uploads: MultipartUploadInfo[] = [];
      let markers: { 'key-marker': string; 'upload-id-marker': string } | undefined;
      for (;;) {
        const query: OSS.ListUploadsQuery = { 'max-uploads': PAGE, ...(prefix ? { prefix } : {}), ...markers };
        const page = await clientFor(bucket).listUploads(query);
        for (const upload of page.uploads) uploads.push({ key: upload.name, uploadId: upload.uploadId, initiated: new Date(upload.initiated as string) });
        if (!page.isTruncated) return uploads;
        markers = { 'key-marker': String(page.nextKeyMarker), 'upload-id-marker': String(page.nextUploadIdMarker) };
      }
    },
  };
}

function ossObjects(clientFor: ClientFor): Pick<StorageDriver, 'head' | 'read' | 'putObject' | 'copyObject' | 'deleteObject' | 'listObjects'> {
  return {
    async head({ bucket, key }): Promise<ObjectInfo | null> {
      try {
        const result = await clientFor(bucket).head(key);
        const headers = result.res.headers as Record<string, string | undefined>;
        return { key, size: Number(headers['content-length'] ?? 0), etag: unquote(headers.etag), lastModified: new Date(headers['last-modified'] ?? 0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async read({ bucket, key, start, end }) {
      const result = await clientFor(bucket).getStream(key, { headers: rangeHeaders(start, end) });
      return result.stream as Readable;
    },

    async putObject({ bucket, key, body, contentType }) {
      await clientFor(bucket).put(key, body, { mime: contentType });
    },

    // Single-request copy: OSS limits CopyObject to sources of 1 GB.
    async copyObject({ bucket, fromKey, toKey }) {
      await clientFor(bucket).copy(toKey, fromKey);
    },

    async deleteObject({ bucket, key }) {
      try {
        await clientFor(bucket).delete(key);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    async listObjects({ bucket, prefix }) {
      const objects: ObjectInfo[] = [];
      let token: string | undefined;
      for (;;) {
        const query: OSS.ListV2ObjectsQuery = { 'max-keys': PAGE, ...(prefix ? { prefix } : {}), ...(token ? { 'continuation-token': token } : {}) };
        const page = await clientFor(bucket).listV2(query);
        for (const object of page.objects) {
          objects.push({ key: object.name, size: object.size, etag: unquote(object.etag), lastModified: new Date(object.lastModified) });
        }
        if (!page.isTruncated || !page.nextContinuationToken) return objects;
        token = page.nextContinuationToken;
      }
    },
  };
}

/**
 * A `StorageDriver` over Alibaba Cloud OSS. Every request, presigned or not, uses OSS's V4
 * signature: OSS is retiring V1 signatures.
 */
export function createOssDriver(options: OssDriverOptions): StorageDriver {
  const clients = new Map<string, OSS>();
  const clientFor: ClientFor = (bucket) => {
    let client = clients.get(bucket);
    if (!client) {
      client = new OSS({
        region: options.region,
        accessKeyId: options.accessKeyId,
        accessKeySecret: options.accessKeySecret,
        bucket,
        endpoint: options.endpoint,
        cname: options.cname ?? false,
        // Only used when no endpoint is given; an endpoint's own scheme wins.
        secure: true,
        authorizationV4: true,
      });
      clients.set(bucket, client);
    }
    return client;
  };
  return {
    name: 'oss',
    minPartSize: 100 * KIB,
    maxParts: 10_000,
    ...ossSigning(clientFor),
    ...ossMultipart(clientFor),
    ...ossObjects(clientFor),
  };
}
