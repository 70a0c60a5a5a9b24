import { describe, expect, it } from 'vitest';
import { createSegmentBufferPool } from './segment-buffer-pool';

describe('segment buffer pool', () => {
  it('when a segment buffer is given back, then the next request of that size reuses it, and other sizes do not', () => {
    const pool = createSegmentBufferPool();
    const buffer = pool.acquire(4096);
    pool.release(buffer);
    pool.release(buffer);
    expect(pool.acquire(4096)).toBe(buffer);
    expect(pool.acquire(4096)).not.toBe(buffer);
    pool.release(buffer);
    expect(pool.acquire(4097)).not.toBe(buffer);
  });

  it('when more buffers come back than the limit, then only the limit is kept', () => {
    const pool = createSegmentBufferPool({ limit: 2 });
    const buffers = [pool.acquire(64), pool.acquire(64), pool.acquire(64)];
    for (const buffer of buffers) pool.release(buffer);
    const again = [pool.acquire(64), pool.acquire(64), pool.acquire(64)];
    expect(again.filter((buffer) => buffers.includes(buffer))).toHaveLength(2);
  });

  it('when two pools are made, then a buffer given back to one is not handed out by the other', () => {
    const first = createSegmentBufferPool();
    const second = createSegmentBufferPool();
    const buffer = first.acquire(128);
    first.release(buffer);
    expect(second.acquire(128)).not.toBe(buffer);
    expect(first.acquire(128)).toBe(buffer);
  });
});
