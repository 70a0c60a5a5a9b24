import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The one bucket the fake serves, the only key pair it accepts, and the region signatures must be scoped to. */
export interface FakeOssOptions {
  bucket: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** As the SDK takes it (`oss-cn-hongkong`); V4 scopes carry it without `oss-`. */
  region: string;
  /** The most entries any list answers with; small values make clients page. Default 1000. */
  pageSize?: number;
}

export interface FakeOssServer {
  /** `http://localhost:<port>`: ali-oss refuses IP endpoints. */
  endpoint: string;
  /** Moves the server's clock, e.g. past a presigned URL's expiry. */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
  type: 'Normal' | 'Multipart';
}

interface Upload {
  key: string;
  contentType: string;
  initiated: Date;
  parts: Map<number, { body: Buffer; etag: string; lastModified: Date }>;
}

class OssError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const MIN_PART_SIZE = 100 * 1024;
const MAX_SKEW_MS = 15 * 60 * 1000;
const MAX_URL_EXPIRES = 7 * 24 * 3600;

/** RFC 3986 percent-encoding, as OSS V4 canonicalises URIs and query strings (and Alibaba RPC signs STS calls). */
function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

function md5(body: Buffer): Buffer {
  return createHash('md5').update(body).digest();
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function xml(root: string, inner: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root}>${inner}</${root}>`;
}

function tag(name: string, value: string | number | boolean): string {
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Query parameters exactly as sent: `+` is a plus, a parameter without `=` has the value ''. */
function parseQuery(search: string): Map<string, string> {
  const query = new Map<string, string>();
  for (const pair of search.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const name = decodeURIComponent(eq === -1 ? pair : pair.slice(0, eq));
    query.set(name, eq === -1 ? '' : decodeURIComponent(pair.slice(eq + 1)));
  }
  return query;
}

/** OSS wants additional headers lowercase, sorted, `;`-separated, and none empty. */
function parseAdditionalHeaders(value: string | undefined): string[] {
  if (value === undefined) return [];
  const names = value.split(';');
  const wellFormed = names.every((name, i) => name !== '' && name === name.toLowerCase() && (i === 0 || (names[i - 1] ?? '') < name));
  if (!wellFormed) throw new OssError(400, 'InvalidArgument', `Malformed additional headers: ${value}`);
  return names;
}

/** `20250417T111832Z` to epoch milliseconds, or NaN. */
function parseIsoBasic(stamp: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(stamp);
  if (!m) return NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

/**
 * An in-memory Alibaba OSS bucket that checks every request's signature the
 * way OSS documents it, so a driver test fails when ali-oss or the driver signs something wrongly.
 *
 * Checked: OSS V4 header auth (`Authorization: OSS4-HMAC-SHA256 Credential=…,AdditionalHeaders=…,
 * Signature=…`, with x-oss-date within 15 minutes and x-oss-content-sha256) and V4 URL auth
 * (`x-oss-signature-version`, `x-oss-credential`, `x-oss-date`, `x-oss-expires`,
 * `x-oss-additional-headers`, `x-oss-signature`, refused once expired), Content-MD5 against the
 * body.
 * Anything else, V1 signatures and anonymous requests included, is refused.
 *
 * It serves one bucket as if through a custom domain (`cname`): the bucket is not in the host, only
 * in the signed canonical URI, so a client signing for another bucket fails the signature check.
 */
export async function startFakeOssServer(options: FakeOssOptions): Promise<FakeOssServer> {
  const pageSize = options.pageSize ?? 1000;
  const signRegion = options.region.replace(/^oss-/, '');
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, Upload>();
  let bucketCreated: Date | undefined;
  let clockOffsetMs = 0;
  const now = () => Date.now() + clockOffsetMs;

  function signingKey(date: string): Buffer {
    const kDate = hmac(`aliyun_v4${options.accessKeySecret}`, date);
    const kRegion = hmac(kDate, signRegion);
    const kProduct = hmac(kRegion, 'oss');
    return hmac(kProduct, 'aliyun_v4_request');
  }

  /** Checks a V4 credential scope (`<AccessKeyId>/<date>/<region>/oss/aliyun_v4_request`) and returns its date. */
  function checkCredential(credential: string, timestamp: string): string {
    const [accessKeyId, date, region, product, terminator, ...rest] = credential.split('/');
    if (accessKeyId !== options.accessKeyId) throw new OssError(403, 'InvalidAccessKeyId', 'The OSS Access Key Id you provided does not exist in our records.');
    if (!date || rest.length > 0 || product !== 'oss' || terminator !== 'aliyun_v4_request' || region !== signRegion || !timestamp.startsWith(date)) {
      throw new OssError(403, 'SignatureDoesNotMatch', `Invalid credential scope: ${credential}`);
    }
    return date;
  }

  function verifyV4(req: IncomingMessage, key: string, query: Map<string, string>): void {
    const authorization = req.headers.authorization;
    const viaUrl = query.has('x-oss-signature-version');
    if (!authorization && !viaUrl) throw new OssError(403, 'AccessDenied', 'You have no right to access this object because of bucket acl.');
    if (authorization && viaUrl) throw new OssError(400, 'InvalidArgument', 'Only one auth mechanism allowed.');

    let credential: string;
    let timestamp: string;
    let additional: string[];
    let signature: string;
    let hashedPayload: string;
    let signedQuery: [string, string][];
    if (authorization) {
      const m = /^OSS4-HMAC-SHA256 (.*)$/.exec(authorization);
      if (!m?.[1]) throw new OssError(403, 'AccessDenied', 'Only OSS4-HMAC-SHA256 (V4) signatures are accepted.');
      const fields = new Map(m[1].split(',').map((f) => f.trim().split('=', 2) as [string, string]));
      credential = fields.get('Credential') ?? '';
      additional = parseAdditionalHeaders(fields.get('AdditionalHeaders'));
      signature = fields.get('Signature') ?? '';
      timestamp = String(req.headers['x-oss-date'] ?? '');
      hashedPayload = String(req.headers['x-oss-content-sha256'] ?? '');
      if (hashedPayload !== 'UNSIGNED-PAYLOAD') throw new OssError(400, 'InvalidArgument', 'x-oss-content-sha256 must be UNSIGNED-PAYLOAD.');
      const signedAt = parseIsoBasic(timestamp);
      if (Number.isNaN(signedAt)) throw new OssError(403, 'AccessDenied', 'x-oss-date is missing or malformed.');
      if (Math.abs(now() - signedAt) > MAX_SKEW_MS) throw new OssError(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
      signedQuery = [...query];
    } else {
      if (query.get('x-oss-signature-version') !== 'OSS4-HMAC-SHA256') throw new OssError(400, 'InvalidArgument', 'Unsupported x-oss-signature-version.');
      credential = query.get('x-oss-credential') ?? '';
      timestamp = query.get('x-oss-date') ?? '';
      signature = query.get('x-oss-signature') ?? '';
      additional = parseAdditionalHeaders(query.get('x-oss-additional-headers'));
      hashedPayload = 'UNSIGNED-PAYLOAD';
      const expires = Number(query.get('x-oss-expires'));
      const signedAt = parseIsoBasic(timestamp);
      if (!Number.isInteger(expires) || expires < 1 || expires > MAX_URL_EXPIRES || Number.isNaN(signedAt)) {
        throw new OssError(400, 'InvalidArgument', 'x-oss-date or x-oss-expires is missing or out of range.');
      }
      if (now() > signedAt + expires * 1000) throw new OssError(403, 'AccessDenied', 'Request has expired.');
      signedQuery = [...query].filter(([name]) => name !== 'x-oss-signature');
    }
    const date = checkCredential(credential, timestamp);

    const canonicalUri = `/${options.bucket}/${key}`.split('/').map(uriEncode).join('/');
    const canonicalQuery = signedQuery
      .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => (value === '' ? name : `${name}=${value}`))
      .join('&');
    const headerNames = new Set(additional);
    for (const name of Object.keys(req.headers)) {
      if (name.startsWith('x-oss-') || name === 'content-type' || name === 'content-md5') headerNames.add(name);
    }
    let canonicalHeaders = '';
    for (const name of [...headerNames].sort()) {
      const value = req.headers[name];
      if (value === undefined) throw new OssError(403, 'SignatureDoesNotMatch', `Signed header ${name} is missing from the request.`);
      canonicalHeaders += `${name}:${String(value).trim()}\n`;
    }
    const canonicalRequest = [req.method, canonicalUri, canonicalQuery, canonicalHeaders, additional.join(';'), hashedPayload].join('\n');
    const stringToSign = ['OSS4-HMAC-SHA256', timestamp, `${date}/${signRegion}/oss/aliyun_v4_request`, sha256Hex(canonicalRequest)].join('\n');
    const expected = createHmac('sha256', signingKey(date)).update(stringToSign, 'utf8').digest('hex');
    if (!safeEqual(expected, signature)) {
      throw new OssError(403, 'SignatureDoesNotMatch', `The request signature we calculated does not match the signature you provided. CanonicalRequest: ${canonicalRequest}`);
    }
  }

  function requireBucket(): void {
    if (!bucketCreated) throw new OssError(404, 'NoSuchBucket', 'The specified bucket does not exist.');
  }

  function requireUpload(uploadId: string | undefined, key: string): Upload {
    const upload = uploadId === undefined ? undefined : uploads.get(uploadId);
    if (!upload || upload.key !== key) throw new OssError(404, 'NoSuchUpload', 'The specified upload does not exist.');
    return upload;
  }

  function send(res: ServerResponse, status: number, headers: Record<string, string>, body?: string | Buffer): void {
    res.writeHead(status, { 'x-oss-request-id': randomUUID().replace(/-/g, '').toUpperCase(), ...headers });
    res.end(body);
  }

  function sendXml(res: ServerResponse, body: string, headers: Record<string, string> = {}): void {
    send(res, 200, { 'content-type': 'application/xml', ...headers }, body);
  }

  function objectHeaders(object: StoredObject): Record<string, string> {
    return { etag: `"${object.etag}"`, 'last-modified': object.lastModified.toUTCString(), 'content-type': object.contentType, 'accept-ranges': 'bytes', 'x-oss-object-type': object.type };
  }

  function getObject(req: IncomingMessage, res: ServerResponse, key: string, query: Map<string, string>): void {
    const object = objects.get(key);
    if (!object) {
      if (req.method === 'HEAD') return send(res, 404, {});
      throw new OssError(404, 'NoSuchKey', 'The specified key does not exist.');
    }
    const headers = objectHeaders(object);
    const disposition = query.get('response-content-disposition');
    const type = query.get('response-content-type');
    if (disposition) headers['content-disposition'] = disposition;
    if (type) headers['content-type'] = type;
    const size = object.body.length;
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
    let start = 0;
    let end = size - 1;
    let status = 200;
    if (range && (range[1] || range[2])) {
      const from = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      const to = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (from <= to && from < size) {
        start = from;
        end = to;
        status = 206;
        headers['content-range'] = `bytes ${start}-${end}/${size}`;
      } else if (req.headers['x-oss-range-behavior'] === 'standard') {
        throw new OssError(416, 'InvalidRange', 'The requested range cannot be satisfied.');
      }
      // Otherwise OSS answers an unsatisfiable range with the whole object, as here.
    }
    headers['content-length'] = String(end - start + 1);
    send(res, status, headers, req.method === 'HEAD' ? undefined : object.body.subarray(start, end + 1));
  }

  function listObjects(res: ServerResponse, query: Map<string, string>): void {
    if (query.get('list-type') !== '2') throw new OssError(400, 'InvalidArgument', 'This fake only implements ListObjectsV2.');
    const prefix = query.get('prefix') ?? '';
    const maxKeys = Math.min(pageSize, Number(query.get('max-keys') ?? 100));
    const token = query.get('continuation-token');
    const after = token ? Buffer.from(token, 'base64url').toString('utf8') : (query.get('start-after') ?? '');
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((k) => {
        const o = objects.get(k) as StoredObject;
        return `<Contents>${tag('Key', k)}${tag('LastModified', o.lastModified.toISOString())}${tag('ETag', `"${o.etag}"`)}${tag('Type', o.type)}${tag('Size', o.body.length)}${tag('StorageClass', 'Standard')}</Contents>`;
      })
      .join('');
    const last = page.at(-1);
    sendXml(
      res,
      xml(
        'ListBucketResult',
        tag('Name', options.bucket) +
          tag('Prefix', prefix) +
          tag('MaxKeys', maxKeys) +
          tag('Delimiter', '') +
          tag('IsTruncated', truncated) +
          (token ? tag('ContinuationToken', token) : '') +
          (truncated && last ? tag('NextContinuationToken', Buffer.from(last).toString('base64url')) : '') +
          tag('KeyCount', page.length) +
          contents,
      ),
    );
  }

  function listUploads(res: ServerResponse, query: Map<string, string>): void {
    const prefix = query.get('prefix') ?? '';
    const keyMarker = query.get('key-marker') ?? '';
    const idMarker = query.get('upload-id-marker') ?? '';
    const maxUploads = Math.min(pageSize, Number(query.get('max-uploads') ?? 1000));
    const all = [...uploads]
      .filter(([id, u]) => u.key.startsWith(prefix) && (u.key > keyMarker || (u.key === keyMarker && id > idMarker)))
      .sort(([idA, a], [idB, b]) => (a.key === b.key ? (idA < idB ? -1 : 1) : a.key < b.key ? -1 : 1));
    const page = all.slice(0, maxUploads);
    const last = page.at(-1);
    const entries = page.map(([id, u]) => `<Upload>${tag('Key', u.key)}${tag('UploadId', id)}${tag('StorageClass', 'Standard')}${tag('Initiated', u.initiated.toISOString())}</Upload>`).join('');
    sendXml(
      res,
      xml(
        'ListMultipartUploadsResult',
        tag('Bucket', options.bucket) +
          tag('KeyMarker', keyMarker) +
          tag('UploadIdMarker', idMarker) +
          tag('NextKeyMarker', last?.[1].key ?? '') +
          tag('NextUploadIdMarker', last?.[0] ?? '') +
          tag('Delimiter', '') +
          tag('Prefix', prefix) +
          tag('MaxUploads', maxUploads) +
          tag('IsTruncated', all.length > page.length) +
          entries,
      ),
    );
  }

  function listParts(res: ServerResponse, key: string, uploadId: string, upload: Upload, query: Map<string, string>): void {
    const marker = Number(query.get('part-number-marker') ?? 0);
    const maxParts = Math.min(pageSize, Number(query.get('max-parts') ?? 1000));
    const numbers = [...upload.parts.keys()].filter((n) => n > marker).sort((a, b) => a - b);
    const page = numbers.slice(0, maxParts);
    const parts = page
      .map((n) => {
        const p = upload.parts.get(n) as { body: Buffer; etag: string; lastModified: Date };
        return `<Part>${tag('PartNumber', n)}${tag('LastModified', p.lastModified.toISOString())}${tag('ETag', `"${p.etag}"`)}${tag('Size', p.body.length)}</Part>`;
      })
      .join('');
    sendXml(
      res,
      xml(
        'ListPartsResult',
        tag('Bucket', options.bucket) +
          tag('Key', key) +
          tag('UploadId', uploadId) +
          tag('PartNumberMarker', marker) +
          tag('NextPartNumberMarker', page.at(-1) ?? marker) +
          tag('MaxParts', maxParts) +
          tag('IsTruncated', numbers.length > page.length) +
          parts,
      ),
    );
  }

  function completeUpload(res: ServerResponse, key: string, uploadId: string, upload: Upload, body: Buffer): void {
    const requested = [...body.toString('utf8').matchAll(/<Part>\s*<PartNumber>(\d+)<\/PartNumber>\s*<ETag>([^<]*)<\/ETag>\s*<\/Part>/g)].map((m) => ({
      number: Number(m[1]),
      etag: (m[2] ?? '').replace(/&quot;|"/g, ''),
    }));
    if (requested.length === 0) throw new OssError(400, 'MalformedXML', 'The XML you provided was not well-formed.');
    const chunks: Buffer[] = [];
    const digests: Buffer[] = [];
    for (const [index, part] of requested.entries()) {
      if (index > 0 && part.number <= (requested[index - 1]?.number ?? 0)) throw new OssError(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
      const stored = upload.parts.get(part.number);
      if (!stored || stored.etag !== part.etag.toUpperCase()) throw new OssError(400, 'InvalidPart', `Part ${part.number} was not uploaded or its ETag does not match.`);
      if (index < requested.length - 1 && stored.body.length < MIN_PART_SIZE) throw new OssError(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size.');
      chunks.push(stored.body);
      digests.push(Buffer.from(stored.etag, 'hex'));
    }
    const etag = `${md5(Buffer.concat(digests)).toString('hex').toUpperCase()}-${requested.length}`;
    objects.set(key, { body: Buffer.concat(chunks), contentType: upload.contentType, etag, lastModified: new Date(now()), type: 'Multipart' });
    uploads.delete(uploadId);
    sendXml(res, xml('CompleteMultipartUploadResult', tag('Location', `/${key}`) + tag('Bucket', options.bucket) + tag('Key', key) + tag('ETag', `"${etag}"`)), { etag: `"${etag}"` });
  }

  function handle(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
    // The raw request target, not a WHATWG URL, which would re-encode or normalise the path.
    const target = req.url ?? '/';
    const questionMark = target.indexOf('?');
    const key = decodeURIComponent((questionMark === -1 ? target : target.slice(0, questionMark)).slice(1));
    const query = parseQuery(questionMark === -1 ? '' : target.slice(questionMark + 1));

    verifyV4(req, key, query);
    const contentMd5 = req.headers['content-md5'];
    if (contentMd5 !== undefined && contentMd5 !== md5(body).toString('base64')) throw new OssError(400, 'InvalidDigest', 'The Content-MD5 you specified was invalid.');
    const contentType = String(req.headers['content-type'] ?? 'application/octet-stream');
    const uploadId = query.get('uploadId');

    if (!key) {
      if (req.method === 'PUT' && query.size === 0) {
        bucketCreated ??= new Date(now());
        return send(res, 200, { location: `/${options.bucket}` });
      }
      if (req.method === 'GET' && query.has('bucketInfo')) {
        requireBucket();
        return sendXml(res, xml('BucketInfo', `<Bucket>${tag('Name', options.bucket)}${tag('Location', options.region)}${tag('CreationDate', (bucketCreated as Date).toISOString())}</Bucket>`));
      }
      requireBucket();
      if (req.method === 'GET' && query.has('uploads')) return listUploads(res, query);
      if (req.method === 'GET') return listObjects(res, query);
      throw new OssError(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }

    requireBucket();
    if (req.method === 'POST' && query.has('uploads')) {
      const id = randomBytes(16).toString('hex').toUpperCase();
      uploads.set(id, { key, contentType, initiated: new Date(now()), parts: new Map() });
      return sendXml(res, xml('InitiateMultipartUploadResult', tag('Bucket', options.bucket) + tag('Key', key) + tag('UploadId', id)));
    }
    if (uploadId !== undefined) {
      const upload = requireUpload(uploadId, key);
      if (req.method === 'PUT' && query.has('partNumber')) {
        const partNumber = Number(query.get('partNumber'));
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) throw new OssError(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000.');
        const etag = md5(body).toString('hex').toUpperCase();
        upload.parts.set(partNumber, { body, etag, lastModified: new Date(now()) });
        return send(res, 200, { etag: `"${etag}"` });
      }
      if (req.method === 'GET') return listParts(res, key, uploadId, upload, query);
      if (req.method === 'POST') return completeUpload(res, key, uploadId, upload, body);
      if (req.method === 'DELETE') {
        uploads.delete(uploadId);
        return send(res, 204, {});
      }
      throw new OssError(400, 'InvalidArgument', 'This request is not allowed with an uploadId.');
    }
    if (req.method === 'PUT' && req.headers['x-oss-copy-source']) {
      const source = String(req.headers['x-oss-copy-source']);
      const prefix = `/${options.bucket}/`;
      if (!source.startsWith(prefix)) throw new OssError(403, 'AccessDenied', 'Copying from another bucket is not allowed here.');
      const from = objects.get(decodeURIComponent(source.slice(prefix.length)));
      if (!from) throw new OssError(404, 'NoSuchKey', 'The specified key does not exist.');
      const copy = { ...from, lastModified: new Date(now()) };
      objects.set(key, copy);
      return sendXml(res, xml('CopyObjectResult', tag('ETag', `"${copy.etag}"`) + tag('LastModified', copy.lastModified.toISOString())), { etag: `"${copy.etag}"` });
    }
    if (req.method === 'PUT') {
      const etag = md5(body).toString('hex').toUpperCase();
      objects.set(key, { body, contentType, etag, lastModified: new Date(now()), type: 'Normal' });
      return send(res, 200, { etag: `"${etag}"` });
    }
    if (req.method === 'GET' || req.method === 'HEAD') return getObject(req, res, key, query);
    if (req.method === 'DELETE') {
      objects.delete(key);
      return send(res, 204, {});
    }
    throw new OssError(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks));
      } catch (caught) {
        const error = caught instanceof OssError ? caught : new OssError(500, 'InternalError', String(caught));
        const body = xml('Error', tag('Code', error.code) + tag('Message', error.message) + tag('RequestId', randomUUID()) + tag('HostId', 'localhost'));
        // HEAD answers carry no body, so OSS puts the error document in a header.
        const headers: Record<string, string> = { 'content-type': 'application/xml' };
        if (req.method === 'HEAD') headers['x-oss-err'] = Buffer.from(body).toString('base64');
        send(res, error.status, headers, req.method === 'HEAD' ? undefined : body);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://localhost:${port}`;

  return {
    endpoint,
    advanceClock(ms) {
      clockOffsetMs += ms;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
