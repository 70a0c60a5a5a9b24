import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TUploadGrant } from '@ferry/contracts';
import {
  KB,
  MB,
  UPLOAD_STATUS,
  UploadFailedError,
  createMemoryCheckpointStore,
  uploadFile,
  type UploadApi,
  type UploadEvent,
  type UploadSource,
} from '../src/index';

/**
 * A storage endpoint that fails on demand, so the engine's schedule can be watched from the
 * outside: how many parts each try sends at once, how big they are, and the waits between tries.
 */
interface Seen {
  partNumber: number;
  bytes: number;
  try: number;
}

describe('the engine follows the retry schedule of PRODUCT.md section 4', () => {
  let server: Server;
  let base = '';
  let seen: Seen[] = [];
  let currentTry = 1;
  let failUntilTry = 0;
  let expireOnce = new Set<number>();
  let signs = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://x');
        const partNumber = Number(url.searchParams.get('part'));
        seen.push({ partNumber, bytes: Buffer.concat(chunks).length, try: currentTry });
        setTimeout(() => {
          if (url.searchParams.get('sig') === 'old' && expireOnce.has(partNumber)) {
            expireOnce.delete(partNumber);
            res.writeHead(403).end('{"error":{"code":"URL_EXPIRED"}}');
          } else if (currentTry <= failUntilTry) res.writeHead(500).end();
          else res.writeHead(200, { ETag: `"etag-${partNumber}"` }).end();
        }, 20);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => {
    seen = [];
    currentTry = 1;
    failUntilTry = 0;
    expireOnce = new Set();
    signs = 0;
  });

  const size = 10 * MB;
  const source: UploadSource = { name: 'clip.mp4', size, path: 'clip.mp4', slice: (start, end) => new Blob([new Uint8Array(end - start)]) };
  const grant: TUploadGrant = { fileId: 'f', name: 'clip.mp4', size, region: 'oss-cn-hongkong', key: 'k', uploadToken: 't', multipart: { uploadId: 'u', minPartSize: 1, maxParts: 10_000 } };
  const api: UploadApi = {
    sign: async (_token, parts = []) => {
      signs += 1;
      const sig = signs === 1 ? 'old' : 'new';
      return { parts: parts.map(({ partNumber: n }) => ({ partNumber: n, method: 'PUT' as const, url: `${base}/?part=${n}&sig=${sig}`, headers: {}, expiresAt: new Date(Date.now() + 3600_000).toISOString() })) };
    },
    listParts: async () => [],
    abort: async () => undefined,
  };
  const waits: number[] = [];
  const run = (events: UploadEvent[] = []) =>
    uploadFile({
      source,
      grant,
      api,
      checkpoints: createMemoryCheckpointStore(),
      connection: '4g',
      onEvent: (e) => events.push(e),
      sleep: async (ms) => {
        waits.push(ms);
        currentTry += 1;
      },
    });

  it('when every try fails, then 15 tries run with 4, 4, 3, 3, then 2 parts at once, parts of 2 MB, then 1 MB from try 5 and 512 KB from try 10, waits of 1 s after try 4, warnings on tries 2, 5 and 10', async () => {
    failUntilTry = 99;
    waits.length = 0;
    const events: UploadEvent[] = [];
    const failed = await run(events).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(UploadFailedError);
    expect((failed as UploadFailedError).details.name).toBe('clip.mp4');
    const tries = Array.from({ length: 15 }, (_, i) => seen.filter((s) => s.try === i + 1));
    expect(tries.map((t) => t.length)).toEqual([4, 4, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    expect(tries.map((t) => t[0]!.bytes)).toEqual([2 * MB, 2 * MB, 2 * MB, 2 * MB, 1 * MB, 1 * MB, 1 * MB, 1 * MB, 1 * MB, 512 * KB, 512 * KB, 512 * KB, 512 * KB, 512 * KB, 512 * KB]);
    expect(waits).toEqual([0, 0, 0, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000]);
    expect(events.filter((e) => e.type === 'warning').map((e) => (e as { attempt: number }).attempt)).toEqual([2, 5, 10]);
    expect(events.filter((e) => e.type === 'status' && e.status === UPLOAD_STATUS.warmingUp)).toHaveLength(14);
  });

  it('when tries 1 to 5 fail, then try 6 finishes with 1 MB parts and the part numbers cover the file in order', async () => {
    failUntilTry = 5;
    const result = await run();
    const numbers = result.parts!.map((p) => p.partNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(numbers).toHaveLength(10);
    expect(seen.filter((s) => s.try === 6).every((s) => s.bytes === 1 * MB)).toBe(true);
  });

  it('when a part URL has expired, then the engine signs it again and no try is lost', async () => {
    expireOnce = new Set([1, 5]);
    const events: UploadEvent[] = [];
    const result = await run(events);
    expect(result.parts).toHaveLength(5);
    expect(events.some((e) => e.type === 'warning')).toBe(false);
    expect(seen.filter((s) => s.partNumber === 1).length).toBe(2);
  });
});
