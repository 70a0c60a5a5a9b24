import { afterEach, describe, expect, it, vi } from 'vitest';
import { measureLatency, speedBars } from './speed-bars';

describe('speedBars', () => {
  it('when a region answers in 180 ms or less, then 5 bars; up to 480 ms 4; up to 900 ms 3; slower 2', () => {
    expect([0, 180].map(speedBars)).toEqual([5, 5]);
    expect([180.5, 481 - 1, 480].map(speedBars)).toEqual([4, 4, 4]);
    expect([480.1, 900].map(speedBars)).toEqual([3, 3]);
    expect([900.1, 5_000].map(speedBars)).toEqual([2, 2]);
  });
});

describe('measureLatency', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('when the object answers, then the second HEAD (the warm one) is what is timed', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    let clock = 0;
    const times = [0, 400, 1_000, 1_120];
    const latency = await measureLatency('http://ferry.test/o/b/speedtest/128kb.txt', () => times[clock++] ?? 0);
    expect(latency).toBe(120);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[0]).toEqual(['http://ferry.test/o/b/speedtest/128kb.txt', expect.objectContaining({ method: 'HEAD' })]);
  });

  it('when the region refuses or cannot be reached, then null', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 403 })));
    expect(await measureLatency('http://ferry.test/x')).toBeNull();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await measureLatency('http://ferry.test/x')).toBeNull();
  });
});
