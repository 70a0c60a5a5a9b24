import { describe, expect, it } from 'vitest';
import { noteTransientBytes, RECLAIM_EVERY } from './buffer-reclaimer';

describe('buffer reclaimer', () => {
  it('when transient bytes pass the threshold, then dead young Buffers are collected without a global gc', async () => {
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
    noteTransientBytes(RECLAIM_EVERY); // obtains the collector once
    // 24 MiB: below the 32 MB of young ArrayBuffers at which V8 would scavenge by itself.
    for (let i = 0; i < 24; i += 1) Buffer.allocUnsafeSlow(1024 * 1024).fill(1);
    const before = process.memoryUsage().arrayBuffers;
    noteTransientBytes(RECLAIM_EVERY);
    // ArrayBuffers of a scavenge are freed by a sweeper task shortly after it.
    const deadline = Date.now() + 5000;
    while (process.memoryUsage().arrayBuffers > before - 16 * 1024 * 1024 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(process.memoryUsage().arrayBuffers).toBeLessThan(before - 16 * 1024 * 1024);
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
  });
});
