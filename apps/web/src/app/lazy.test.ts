import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadWithRetry } from './lazy';

describe('loadWithRetry', () => {
  it('tries a failing chunk 5 more times, 3 s apart, then reports the spec message', async () => {
    const load = vi.fn().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const waits: number[] = [];
    await expect(loadWithRetry(load, async (ms) => void waits.push(ms))).rejects.toThrow(ChunkLoadError);
    expect(load).toHaveBeenCalledTimes(6);
    expect(waits).toEqual([3000, 3000, 3000, 3000, 3000]);
    await expect(loadWithRetry(load, async () => undefined)).rejects.toThrow('Loading chunk failed after 5 retries');
  });

  it('returns the chunk as soon as a try succeeds', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('flaky')).mockResolvedValue({ default: 'page' });
    await expect(loadWithRetry(load, async () => undefined)).resolves.toEqual({ default: 'page' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
