/** How many of 5 bars a region's measured latency earns (PRODUCT.md section 2's region selector). */
export function speedBars(latencyMs: number): 2 | 3 | 4 | 5 {
  if (latencyMs <= 180) return 5;
  if (latencyMs <= 480) return 4;
  if (latencyMs <= 900) return 3;
  return 2;
}

/** Regions are timed this long at most; a region that does not answer by then shows 2 bars. */
export const SPEED_TEST_TIMEOUT_MS = 5_000;

/**
 * Times a HEAD of the region's 128 KB speed-test object from this browser: the first request
 * warms the connection, the second is the one measured. Null when the region does not answer.
 */
export async function measureLatency(url: string, now: () => number = () => performance.now()): Promise<number | null> {
  const head = async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), SPEED_TEST_TIMEOUT_MS);
    try {
      const started = now();
      const res = await fetch(url, { method: 'HEAD', cache: 'no-store', signal: controller.signal });
      return res.ok ? now() - started : null;
    } finally {
      clearTimeout(timer);
    }
  };
  try {
    if ((await head()) === null) return null;
    return await head();
  } catch {
    return null;
  }
}
