import { open, type FileHandle } from 'node:fs/promises';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** Where a part's bytes are in a file on disk. */
export interface FileRange {
  path: string;
  start: number;
  /** Exclusive. */
  end: number;
}

const ranges = new WeakMap<Blob, FileRange>();

/** Marks `blob` as bytes `start`..`end` of the file at `path`, so `withFileBodies` sends it from the file. */
export function markFileRange(blob: Blob, range: FileRange): Blob {
  ranges.set(blob, range);
  return blob;
}

/**
 * Each chunk of a part is read into one of two buffers that a PUT holds for its whole life. Node's
 * fetch (undici) reads a Blob body whole into memory before sending it, and a stream body makes a
 * fresh Buffer per chunk that V8 frees late (measured: 4 parts of 64 MiB in flight left ~300 MB of
 * dead chunks before a GC came), so client RSS grew with the part size. Two reused buffers per PUT,
 * each written again only once node:http reports the previous write of it flushed, keep the
 * client flat: 4 parts in flight hold 2 MiB whatever their size. The next chunk is read while the
 * current one is on the wire.
 */
const CHUNK_BYTES = 256 * 1024;

/**
 * Chunk buffers that finished requests gave back, for the next ones: a file of a thousand parts
 * allocates the buffers of the parts in flight once (2 per PUT) instead of 2 per part, which V8
 * would free only at a later GC (measured: the CLI's peak RSS for 1 GiB at 16 MiB parts fell from
 * 115-116 to 108 MB).
 * A request that failed or was answered early keeps its buffers out of the pool (a write of one
 * may still be queued on the dying socket); the GC takes them.
 */
const idleBuffers: Buffer[] = [];
const IDLE_BUFFERS_MAX = 16;
let buffersAllocated = 0;

function takeBuffer(): Buffer {
  const reused = idleBuffers.pop();
  if (reused) return reused;
  buffersAllocated += 1;
  return Buffer.allocUnsafeSlow(CHUNK_BYTES);
}

function giveBack(buffers: Buffer[]): void {
  for (const buffer of buffers) if (idleBuffers.length < IDLE_BUFFERS_MAX) idleBuffers.push(buffer);
}

/** How many chunk buffers this process has allocated so far (for tests: parts reuse them). */
export function chunkBuffersAllocated(): number {
  return buffersAllocated;
}

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

function headersOf(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

async function readChunk(file: FileHandle, into: Buffer, position: number, length: number, path: string): Promise<Buffer> {
  let done = 0;
  while (done < length) {
    const { bytesRead } = await file.read(into, done, length - done, position + done);
    if (bytesRead === 0) throw new Error(`${path} is shorter than it was`);
    done += bytesRead;
  }
  return into.subarray(0, length);
}

/** One request whose body is `range` of a file, streamed with two reused buffers. */
async function sendFileRange(url: URL, init: RequestInit, range: FileRange): Promise<Response> {
  const file = await open(range.path, 'r');
  const length = range.end - range.start;
  const headers: Record<string, string> = { ...Object.fromEntries(new Headers(init.headers).entries()), 'content-length': String(length) };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const agent = url.protocol === 'https:' ? agents.https : agents.http;
  try {
    return await new Promise<Response>((resolve, reject) => {
      let answered = false;
      const req = send(url, { method: init.method ?? 'PUT', headers, agent, signal: init.signal ?? undefined }, (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 500;
          const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, statusText: res.statusMessage, headers: headersOf(res) }));
        });
      });
      req.on('error', reject);
      const written = (chunk: Buffer) => new Promise<void>((done, failed) => req.write(chunk, (error) => (error ? failed(error) : done())));
      void (async () => {
        const buffers = [takeBuffer(), takeBuffer()];
        let offset = 0;
        let turn = 0;
        let next = length > 0 ? readChunk(file, buffers[0] as Buffer, range.start, Math.min(CHUNK_BYTES, length), range.path) : null;
        while (next && !answered) {
          const chunk = await next;
          offset += chunk.length;
          turn ^= 1;
          // Read the next chunk into the other buffer while this one is written.
          next = offset < length ? readChunk(file, buffers[turn] as Buffer, range.start + offset, Math.min(CHUNK_BYTES, length - offset), range.path) : null;
          next?.catch(() => undefined);
          await written(chunk);
        }
        if (!answered) {
          req.end();
          // Every write of them has been flushed (each was awaited): the next request may use them.
          giveBack(buffers);
        } else await next?.catch(() => undefined);
      })().catch((error: unknown) => {
        req.destroy(error as Error);
        reject(error);
      });
    });
  } finally {
    await file.close();
  }
}

/**
 * `fetchImpl`, except that a body marked by `markFileRange` (the parts of `fileSource`) is sent
 * straight from the file with node:http, as described above. Other requests go to `fetchImpl`.
 */
export function withFileBodies(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    const range = init?.body instanceof Blob ? ranges.get(init.body) : undefined;
    // A fetch passed in (a proxy, instrumentation, a test that cuts the connection) sees every request.
    if (!range || !init || fetchImpl !== globalThis.fetch) return fetchImpl(input, init);
    return sendFileRange(new URL(input instanceof Request ? input.url : String(input)), init, range);
  };
}
