/**
 * Keeps the garbage of the local driver's byte path small, so the storage process's RSS does not
 * grow with the bytes it moves.
 *
 * Every byte passes through Buffers that Node allocates outside the V8 heap: each request body
 * chunk, and each `Cipher.update` / `Decipher.update` output (Node cannot encrypt into a buffer
 * the caller owns). They are dead within milliseconds, but V8 frees an ArrayBuffer only when a
 * GC finds its small JS object dead: young ones at a scavenge, which V8 starts on its own only
 * once 32 MB of young ArrayBuffer memory has piled up (there is little other JS allocation per
 * byte to fill the young generation), and promoted ones (alive across two scavenges, e.g.
 * waiting on a slow disk) only at a full GC, which V8 starts 64 MB above the level of the last
 * one. glibc then keeps that high-water mark in the main arena. Measured with the upload bench
 * before this: +60..96 MB peak RSS over idle, nearly all of it dead Buffers.
 *
 * They also cost CPU: while they piled up, V8 ran full GCs back to back (30 and more per GiB
 * downloaded, each started by the old generation's allocation limit, which had ~10 MB of slack
 * over a ~28 MB old generation and freed next to nothing), and download rates halved meanwhile.
 *
 * So (1) what the byte path holds across an await is always one of a few reused segment buffers (a
 * `SegmentBufferPool`, segment-buffer-pool.ts): body chunks are copied into them and dropped,
 * sealed segments are written from them; nothing transient lives long enough to be promoted; and
 * (2) it counts the transient Buffer bytes it causes and collects the young generation (a
 * scavenge, well under a millisecond: it visits only live young objects) after every
 * `RECLAIM_EVERY` of them, counted apart for the write path (request bodies and sealing) and the
 * read path (decrypting for a download or a ZIP; the blob hasher's worker thread does the same for
 * the parts it reads back, blob-hasher.ts). Measured with the upload bench (1 GiB, 16 MiB parts,
 * 2026-11-29, when parts ahead of the hash waited in memory on the event loop):
 * - writes, every 4 MiB: 4.2-4.9 storage CPU s/GiB up, 0.49-0.58 of the baseline, +96..109 MB
 *   peak RSS; 8 MiB 3.6, 0.66-0.75, +87..98; 16 MiB 2.9-3.0, 0.71-0.86, +80..83; 32 MiB 3.1-3.2,
 *   0.71-0.91, +94..120; never 6.3-6.5, 0.36-0.45, +165..176.
 * - reads, every 4 MiB: 1.1-1.4 CPU s/GiB down, 0.64-0.78 of the baseline; every 16 MiB 3.6-3.8
 *   and 0.26-0.44 (the decrypted segments lived long enough to be promoted, and full GCs ran).
 */
export const RECLAIM_EVERY = { write: 16 * 1024 * 1024, read: 4 * 1024 * 1024 } as const;

type GcFunction = (options?: { type?: 'minor' | 'major' }) => void;

const pending = { write: 0, read: 0 };

/**
 * Notes `bytes` of short-lived Buffers the byte path caused on `path`; every `RECLAIM_EVERY[path]`
 * bytes the young generation is collected — only when the service was started with `node
 * --expose-gc` (the start flag in deploy/Dockerfile's CMD and in `npm start`, see README). Service
 * code never switches the flag on by itself. Without the collections, V8 frees the dead Buffers
 * only in full GCs started by external memory, which ran on V8's worker threads (see above for the
 * figures without the flag).
 */
export function noteTransientBytes(bytes: number, path: keyof typeof RECLAIM_EVERY): void {
  pending[path] += bytes;
  if (pending[path] < RECLAIM_EVERY[path]) return;
  pending[path] = 0;
  (globalThis as { gc?: GcFunction }).gc?.({ type: 'minor' });
}
