import { Worker } from 'node:worker_threads';
import { RECLAIM_EVERY } from './buffer-reclaimer';
import { BLOB_LAYOUT } from './encrypted-object';

/**
 * Hashes multipart uploads on a worker thread: each part's encrypted blob, just written and still
 * in the page cache, is read back there, decrypted and fed to its upload's SHA-256, in the order the
 * caller hands the blobs over (upload-digests.ts decides the order). The storage process's event
 * loop does none of it.
 *
 * Measured with tools/bench/upload (1 GiB, 16 MiB parts, 4 in flight, 2026-11-29, 2 cores): with the
 * hash computed on the event loop (live for the part at the hash's cursor, from memory or read back
 * for the parts ahead) the main thread was busy ~96% of the upload and the rate was 0.54-0.61 of the
 * bare baseline; without any hash during the upload it was 0.85-1.02. A SHA-256 worker fed the
 * plaintext through shared memory freed the main thread (73% busy) but not the rate (0.53-0.61):
 * every segment's buffer waited for the worker, and V8 copies into shared memory word by word. Here
 * the event loop only posts a message per part; the worker reads and decrypts every part once more
 * (from the page cache, one part at a time, never the whole object after completion).
 *
 * The blob format is encrypted-object.ts's (its sizes reach the worker as `BLOB_LAYOUT`): header |
 * segments of iv | ciphertext | tag, each segment's additional data its index (u64 BE) and whether
 * it is the last one (u8), as `segmentAad` there. The worker gets each blob's data key from the
 * writer, so it needs no master key. When `--expose-gc` is on (see buffer-reclaimer.ts) it collects
 * its young generation every `RECLAIM_EVERY.read` bytes decrypted, as the event loop's read path
 * does, so the decrypted segments do not pile up in its memory.
 */
export interface BlobHasher {
  /** Adds the plaintext of the blob at `path` to hash `id` (started on first use); resolves once hashed. */
  add(id: number, blob: { path: string; dataKey: Buffer }): Promise<void>;
  /** The hex SHA-256 of everything added to `id`; the hash is gone afterwards. */
  digest(id: number): Promise<string>;
  /** Throws hash `id` away. */
  drop(id: number): void;
  /** Stops the worker; pending calls reject. */
  close(): Promise<void>;
}

type Message =
  | { op: 'add'; id: number; path: string; dataKey: Uint8Array; reply: number }
  | { op: 'digest'; id: number; reply: number }
  | { op: 'drop'; id: number };

interface Reply {
  reply: number;
  hex?: string;
  error?: string;
}

// CommonJS, evaluated as the worker's script: no second file to bundle and ship beside main.js.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createDecipheriv, createHash } = require('node:crypto');
const { closeSync, openSync, readSync } = require('node:fs');
const { magic: MAGIC, headerSize: HEADER_SIZE, ivSize: IV_SIZE, tagSize: TAG_SIZE, reclaimEvery: RECLAIM_EVERY } = workerData;
const PIECE = 64 * 1024;
const hashes = new Map();
const failed = new Set();
let buffer = Buffer.alloc(0);
let sinceCollected = 0;

function readAt(fd, length, position) {
  if (buffer.length < length) buffer = Buffer.allocUnsafeSlow(length);
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buffer, done, length - done, position + done);
    if (n === 0) throw new Error('blob is truncated');
    done += n;
  }
  return buffer.subarray(0, length);
}

function add(hash, path, dataKey) {
  const fd = openSync(path, 'r');
  try {
    const header = readAt(fd, HEADER_SIZE, 0);
    if (header.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error('not an encrypted Ferry object');
    const segmentSize = header.readUInt32BE(4);
    const size = Number(header.readBigUInt64BE(8));
    if (size === 0) return;
    const lastIndex = Math.floor((size - 1) / segmentSize);
    const aad = Buffer.alloc(9);
    for (let index = 0; index <= lastIndex; index += 1) {
      const plainLength = index === lastIndex ? size - index * segmentSize : segmentSize;
      const sealed = readAt(fd, plainLength + IV_SIZE + TAG_SIZE, HEADER_SIZE + index * (segmentSize + IV_SIZE + TAG_SIZE));
      const decipher = createDecipheriv('aes-256-gcm', dataKey, sealed.subarray(0, IV_SIZE));
      aad.writeBigUInt64BE(BigInt(index));
      aad.writeUInt8(index === lastIndex ? 1 : 0, 8);
      decipher.setAAD(aad);
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_SIZE));
      // In small pieces: their outputs come from malloc's free lists, not fresh pages (1 MiB outputs were page faults).
      for (let at = IV_SIZE; at < sealed.length - TAG_SIZE; at += PIECE) hash.update(decipher.update(sealed.subarray(at, Math.min(at + PIECE, sealed.length - TAG_SIZE))));
      decipher.final();
      sinceCollected += plainLength;
      if (sinceCollected >= RECLAIM_EVERY && typeof globalThis.gc === 'function') {
        sinceCollected = 0;
        globalThis.gc({ type: 'minor' });
      }
    }
  } finally {
    closeSync(fd);
  }
}

parentPort.on('message', (m) => {
  if (m.op === 'drop') {
    hashes.delete(m.id);
    failed.delete(m.id);
    return;
  }
  let hash = hashes.get(m.id);
  try {
    if (failed.has(m.id)) throw new Error('an earlier blob of this hash failed');
    if (m.op === 'add') {
      if (!hash) hashes.set(m.id, (hash = createHash('sha256')));
      add(hash, m.path, m.dataKey);
      parentPort.postMessage({ reply: m.reply });
    } else if (m.op === 'digest') {
      hashes.delete(m.id);
      parentPort.postMessage(hash ? { reply: m.reply, hex: hash.digest('hex') } : { reply: m.reply, error: 'nothing was hashed' });
    }
  } catch (error) {
    // A failed blob leaves the hash unusable: later calls for it fail too.
    hashes.delete(m.id);
    if (m.op === 'add') failed.add(m.id);
    else failed.delete(m.id);
    parentPort.postMessage({ reply: m.reply, error: String((error && error.message) || error) });
  }
});
`;

export function createBlobHasher(): BlobHasher {
  let worker: Worker | null = null;
  let nextReply = 1;
  // The worker each hash lives on: a hash whose worker was lost fails, and is not started again on the next one.
  const homes = new Map<number, Worker>();
  const pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();

  function failAll(error: Error): void {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  }

  function started(): Worker {
    if (worker) return worker;
    const spawned = new Worker(WORKER_SOURCE, { eval: true, name: 'blob-hasher', workerData: { ...BLOB_LAYOUT, reclaimEvery: RECLAIM_EVERY.read } });
    spawned.on('message', (message: Reply) => {
      const waiting = pending.get(message.reply);
      if (!waiting) return;
      pending.delete(message.reply);
      // Only a pending call keeps the process alive.
      if (pending.size === 0) spawned.unref();
      if (message.error !== undefined) waiting.reject(new Error(`Blob hasher: ${message.error}`));
      else waiting.resolve(message);
    });
    const lost = (error: Error) => {
      if (worker === spawned) worker = null;
      failAll(error);
    };
    spawned.on('error', lost);
    spawned.on('exit', (code) => lost(new Error(`Blob hasher exited (${code})`)));
    spawned.unref();
    worker = spawned;
    return spawned;
  }

  function call(message: Exclude<Message, { op: 'drop' }>): Promise<Reply> {
    const target = started();
    const home = homes.get(message.id) ?? target;
    if (message.op === 'add') homes.set(message.id, home);
    else homes.delete(message.id);
    return new Promise<Reply>((resolve, reject) => {
      if (home !== target) {
        reject(new Error('Blob hasher: the worker holding this hash was lost'));
        return;
      }
      pending.set(message.reply, { resolve, reject });
      target.ref();
      target.postMessage(message);
    });
  }

  return {
    async add(id, blob) {
      await call({ op: 'add', id, path: blob.path, dataKey: blob.dataKey, reply: nextReply++ });
    },
    async digest(id) {
      return (await call({ op: 'digest', id, reply: nextReply++ })).hex as string;
    },
    drop(id) {
      if (homes.get(id) === worker) worker?.postMessage({ op: 'drop', id } satisfies Message);
      homes.delete(id);
    },
    async close() {
      const stopping = worker;
      worker = null;
      failAll(new Error('Blob hasher closed'));
      await stopping?.terminate();
    },
  };
}
