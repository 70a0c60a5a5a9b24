import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUploadGrant } from '@ferry/contracts';
import { MB, createMemoryCheckpointStore, uploadFile, type UploadApi } from '../src/index';
import { fileSource } from '../src/node/index';
import { chunkBuffersAllocated } from '../src/node/file-fetch';

/** A storage stand-in that counts each part's bytes and hashes them; `onPart` may hold or fail a PUT. */
function sink(onPart: (req: IncomingMessage, partNumber: number) => Promise<number>) {
  const received = new Map<number, string>();
  const server = createServer((req, res) => {
    const partNumber = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('partNumber'));
    const hash = createHash('sha256');
    req.on('data', (chunk: Buffer) => hash.update(chunk));
    req.on('end', () => {
      void onPart(req, partNumber).then((status) => {
        if (status === 200) received.set(partNumber, hash.digest('hex'));
        res.writeHead(status, { etag: `"e${partNumber}"` }).end();
      });
    });
  });
  return { server, received };
}

/** Counts each PUT's bytes and answers the count as its ETag. */
const SINK = `
const server = require('node:http').createServer((req, res) => {
  let n = 0;
  req.on('data', (c) => { n += c.length; });
  req.on('end', () => res.writeHead(200, { etag: '"' + n + '"' }).end());
}).listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port));
`;

/** SINK in a process of its own, and its origin. */
async function countingSink() {
  const child = spawn(process.execPath, ['-e', SINK], { stdio: ['ignore', 'pipe', 'inherit'] });
  const origin = await new Promise<string>((resolve) => child.stdout.once('data', (data: Buffer) => resolve(data.toString().trim())));
  return { child, origin };
}

const grantOf = (size: number): TUploadGrant => ({ fileId: 'f', name: 'big.bin', size, region: 'oss-cn-hongkong', key: 'k', uploadToken: 't', multipart: { uploadId: 'u', minPartSize: 1, maxParts: 10_000 } });

function apiFor(origin: string): UploadApi {
  return {
    sign: async (_token, parts) => ({
      parts: (parts ?? []).map((p) => ({ partNumber: p.partNumber, method: 'PUT' as const, url: `${origin}/p?partNumber=${p.partNumber}`, headers: {}, expiresAt: new Date(Date.now() + 3_600_000).toISOString() })),
    }),
    listParts: async () => [],
    abort: async () => undefined,
  };
}

describe('a file on disk is streamed part by part', () => {
  let dir = '';
  const servers: Server[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'file-source-'));
  });
  afterAll(async () => {
    for (const server of servers) server.close();
    await rm(dir, { recursive: true, force: true });
  });
  async function listen(server: Server): Promise<string> {
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('when four 64 MiB parts are in flight, then the client holds none of them whole (memory does not grow with the part size)', async () => {
    const path = join(dir, 'sparse.bin');
    await writeFile(path, '');
    await truncate(path, 256 * MB);
    // The sink runs in a process of its own: the Buffers it receives are not the client's.
    const { child, origin } = await countingSink();
    try {
      const before = process.memoryUsage().arrayBuffers;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 5);
      const result = await uploadFile({ source: await fileSource(path), grant: grantOf(256 * MB), api: apiFor(origin), checkpoints: createMemoryCheckpointStore(), partSize: 64 * MB });
      clearInterval(sampler);
      expect(result.parts?.map((p) => p.etag)).toEqual(['67108864', '67108864', '67108864', '67108864']);
      // Reading whole parts first held 4 x 64 MiB (and Node's fetch holds a Blob body whole); streamed, two 256 KiB buffers per part.
      expect(peak - before).toBeLessThan(16 * MB);
    } finally {
      child.kill();
    }
  });

  it('when a file has many parts, then later parts reuse the chunk buffers of finished ones (allocations follow the parts in flight, not the file)', async () => {
    const path = join(dir, 'many-parts.bin');
    await writeFile(path, '');
    await truncate(path, 48 * MB);
    const { child, origin } = await countingSink();
    try {
      const before = chunkBuffersAllocated();
      const result = await uploadFile({ source: await fileSource(path), grant: grantOf(48 * MB), api: apiFor(origin), checkpoints: createMemoryCheckpointStore(), partSize: 2 * MB });
      expect(result.parts).toHaveLength(24);
      expect(result.parts?.every((p) => p.etag === String(2 * MB))).toBe(true);
      // Two buffers per PUT in flight (4 at most); without reuse each of the 24 parts allocated two.
      expect(chunkBuffersAllocated() - before).toBeLessThanOrEqual(8);
    } finally {
      child.kill();
    }
  });

  it('when a part fails, then it is sent again from the file, and every part arrives with the file bytes', async () => {
    const path = join(dir, 'random.bin');
    const bytes = Buffer.alloc(60 * MB);
    for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32LE((i * 2654435761) >>> 0, i);
    await writeFile(path, bytes);
    let failed = false;
    const { server, received } = sink(async (_req, partNumber) => {
      if (partNumber === 1 && !failed) {
        failed = true;
        return 500;
      }
      return 200;
    });
    const origin = await listen(server);
    const result = await uploadFile({ source: await fileSource(path), grant: grantOf(bytes.length), api: apiFor(origin), checkpoints: createMemoryCheckpointStore(), partSize: 16 * MB });
    expect(failed).toBe(true);
    const parts = result.parts ?? [];
    expect(parts.length).toBe(4);
    const unit = bytes.length / 60 / 2; // planLayout's unit for 60 MB at 16 MB parts: 512 KB
    for (const part of parts) {
      const start = (part.partNumber - 1) * unit;
      expect(received.get(part.partNumber)).toBe(createHash('sha256').update(bytes.subarray(start, Math.min(start + 16 * MB, bytes.length))).digest('hex'));
    }
  });

  it('when all four parts of a try are in flight, then each PUT is already sending before any other finishes (the reads overlap the PUTs)', async () => {
    const path = join(dir, 'overlap.bin');
    await writeFile(path, '');
    await truncate(path, 64 * MB);
    let started = 0;
    let release: () => void = () => undefined;
    const allStarted = new Promise<void>((resolve) => (release = resolve));
    const server = createServer((req, res) => {
      started += 1;
      if (started === 4) release();
      req.resume();
      req.on('end', () => void allStarted.then(() => res.writeHead(200, { etag: '"x"' }).end()));
    });
    const origin = await listen(server);
    await uploadFile({ source: await fileSource(path), grant: grantOf(64 * MB), api: apiFor(origin), checkpoints: createMemoryCheckpointStore(), partSize: 16 * MB });
    expect(started).toBe(4);
  });
});
