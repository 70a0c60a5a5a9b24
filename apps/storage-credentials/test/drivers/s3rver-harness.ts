import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';

/** The slice of Koa's context the shim below touches (s3rver ships no types). */
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  req: IncomingMessage;
  status: number;
  body: unknown;
  type: string;
  set(name: string, value: string): void;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface StoredObject {
  key: string;
  size: number;
  lastModifiedDate: Date;
  metadata: Record<string, string>;
}
interface FilesystemStore {
  listObjects(bucket: string, options: { prefix: string; startAfter: string; maxKeys: number }): Promise<{ objects: StoredObject[]; isTruncated: boolean }>;
}
interface S3rverInstance {
  middleware: Middleware[];
  store: FilesystemStore;
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: { port: number; address: string; silent: boolean; directory: string }) => S3rverInstance;

export interface S3rverHarness {
  endpoint: string;
  close(): Promise<void>;
}

/** Small on purpose, so that a few objects or parts are enough to make the driver page. */
const PAGE_SIZE = 2;

function xml(root: string, inner: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${inner}</${root}>`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function noSuchUpload(ctx: KoaContext): void {
  ctx.status = 404;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * s3rver 3.7 has no UploadPart that waits for its write to land, and no ListParts,
 * AbortMultipartUpload or ListMultipartUploads. This middleware answers those from s3rver's own
 * upload directory (`<bucket>/._S3rver_uploads/<uploadId>/{key,<n>,<n>.md5}`), so its
 * CompleteMultipartUpload still assembles the parts. Its ListObjectsV2 continuation tokens use DES,
 * which OpenSSL 3 (Node >= 17) no longer has, so that listing is answered here from its store too.
 * Every list answered here has tiny pages, so the driver must page.
 */
function missingOperationsShim(directory: string, store: FilesystemStore): Middleware {
  return async (ctx, next) => {
    const match = /^\/([^/]+)(?:\/(.*))?$/.exec(ctx.path);
    if (!match?.[1]) return next();
    const bucket = decodeURIComponent(match[1]);
    const key = match[2] ? decodeURIComponent(match[2]) : '';
    const uploadsDir = join(directory, bucket, '._S3rver_uploads');
    const uploadId = ctx.query.uploadId;

    if (ctx.method === 'GET' && !key && ctx.query['list-type'] === '2') {
      const prefix = ctx.query.prefix ?? '';
      const token = ctx.query['continuation-token'];
      const startAfter = token ? Buffer.from(token, 'base64url').toString('utf8') : (ctx.query['start-after'] ?? '');
      const { objects, isTruncated } = await store.listObjects(bucket, { prefix, startAfter, maxKeys: PAGE_SIZE });
      const contents = objects
        .map((o) => `<Contents><Key>${escapeXml(o.key)}</Key><LastModified>${o.lastModifiedDate.toISOString()}</LastModified><ETag>${escapeXml(o.metadata.etag ?? '')}</ETag><Size>${o.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`)
        .join('');
      const last = objects.at(-1)?.key;
      const next = isTruncated && last ? `<NextContinuationToken>${Buffer.from(last).toString('base64url')}</NextContinuationToken>` : '';
      ctx.type = 'application/xml';
      ctx.body = xml(
        'ListBucketResult',
        `<Name>${escapeXml(bucket)}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${objects.length}</KeyCount><MaxKeys>${PAGE_SIZE}</MaxKeys>` +
          `<IsTruncated>${isTruncated}</IsTruncated>${token ? `<ContinuationToken>${escapeXml(token)}</ContinuationToken>` : ''}${next}${contents}`,
      );
      return;
    }
    if (ctx.method === 'PUT' && key && uploadId && ctx.query.partNumber) {
      const uploadDir = join(uploadsDir, uploadId);
      if (!(await exists(uploadDir))) return noSuchUpload(ctx);
      const body = await readBody(ctx.req);
      const md5 = createHash('md5').update(body).digest('hex');
      const partNumber = Number(ctx.query.partNumber);
      await writeFile(join(uploadDir, String(partNumber)), body);
      await writeFile(join(uploadDir, `${partNumber}.md5`), md5);
      ctx.set('ETag', `"${md5}"`);
      ctx.status = 200;
      ctx.body = '';
      return;
    }
    if (ctx.method === 'GET' && key && uploadId) {
      const uploadDir = join(uploadsDir, uploadId);
      if (!(await exists(uploadDir))) return noSuchUpload(ctx);
      const marker = Number(ctx.query['part-number-marker'] ?? 0);
      const numbers = (await readdir(uploadDir))
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .filter((n) => n > marker)
        .sort((a, b) => a - b);
      const page = numbers.slice(0, PAGE_SIZE);
      const truncated = numbers.length > page.length;
      let parts = '';
      for (const n of page) {
        const info = await stat(join(uploadDir, String(n)));
        const md5 = (await readFile(join(uploadDir, `${n}.md5`), 'utf8')).trim();
        parts += `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
      }
      ctx.type = 'application/xml';
      ctx.body = xml(
        'ListPartsResult',
        `<Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId>` +
          `<PartNumberMarker>${marker}</PartNumberMarker><NextPartNumberMarker>${page.at(-1) ?? marker}</NextPartNumberMarker>` +
          `<MaxParts>${PAGE_SIZE}</MaxParts><IsTruncated>${truncated}</IsTruncated>${parts}`,
      );
      return;
    }
    if (ctx.method === 'DELETE' && key && uploadId) {
      const uploadDir = join(uploadsDir, uploadId);
      if (!(await exists(uploadDir))) return noSuchUpload(ctx);
      await rm(uploadDir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) {
      await mkdir(uploadsDir, { recursive: true });
      const prefix = ctx.query.prefix ?? '';
      const keyMarker = ctx.query['key-marker'] ?? '';
      const idMarker = ctx.query['upload-id-marker'] ?? '';
      const all: { key: string; id: string; initiated: Date }[] = [];
      for (const id of await readdir(uploadsDir)) {
        const keyFile = join(uploadsDir, id, 'key');
        if (!(await exists(keyFile))) continue;
        const uploadKey = await readFile(keyFile, 'utf8');
        if (uploadKey.startsWith(prefix)) all.push({ key: uploadKey, id, initiated: (await stat(keyFile)).mtime });
      }
      const after = all
        .filter((u) => u.key > keyMarker || (u.key === keyMarker && u.id > idMarker))
        .sort((a, b) => (a.key === b.key ? a.id.localeCompare(b.id) : a.key < b.key ? -1 : 1));
      const page = after.slice(0, PAGE_SIZE);
      const last = page.at(-1);
      const uploads = page
        .map((u) => `<Upload><Key>${escapeXml(u.key)}</Key><UploadId>${u.id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`)
        .join('');
      ctx.type = 'application/xml';
      ctx.body = xml(
        'ListMultipartUploadsResult',
        `<Bucket>${escapeXml(bucket)}</Bucket><KeyMarker>${escapeXml(keyMarker)}</KeyMarker><UploadIdMarker>${idMarker}</UploadIdMarker>` +
          `<NextKeyMarker>${escapeXml(last?.key ?? '')}</NextKeyMarker><NextUploadIdMarker>${last?.id ?? ''}</NextUploadIdMarker>` +
          `<Prefix>${escapeXml(prefix)}</Prefix><MaxUploads>${PAGE_SIZE}</MaxUploads><IsTruncated>${after.length > page.length}</IsTruncated>${uploads}`,
      );
      return;
    }
    return next();
  };
}

/** s3rver in-process on a free port, over a fresh temporary directory. */
export async function startS3rver(): Promise<S3rverHarness> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  const directory = await mkdtemp(join(tmpdir(), 'ferry-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  server.middleware.unshift(missingOperationsShim(directory, server.store));
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
