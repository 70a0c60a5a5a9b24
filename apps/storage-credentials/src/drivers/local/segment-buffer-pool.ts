/**
 * Segment buffers kept for reuse by the local driver's byte path (two per object being written,
 * two per object being read): a request's own buffers would live as long as the request, get
 * promoted and then wait for a full GC (see buffer-reclaimer.ts). One pool serves one driver.
 */
export interface SegmentBufferPool {
  /** A buffer of `length` bytes (contents undefined), from the pool when one fits. */
  acquire(length: number): Buffer;
  /** Gives a buffer from `acquire` back; its holder must not touch it again. */
  release(buffer: Buffer): void;
}

/** At most this many buffers are kept (16 MiB with the default 1 MiB segments). */
export const DEFAULT_POOL_LIMIT = 16;

export function createSegmentBufferPool(options: { limit?: number } = {}): SegmentBufferPool {
  const limit = options.limit ?? DEFAULT_POOL_LIMIT;
  const pool: Buffer[] = [];
  return {
    acquire(length) {
      const at = pool.findIndex((buffer) => buffer.length === length);
      if (at >= 0) return pool.splice(at, 1)[0] as Buffer;
      return Buffer.allocUnsafeSlow(length);
    },
    release(buffer) {
      if (pool.length < limit && !pool.includes(buffer)) pool.push(buffer);
    },
  };
}
