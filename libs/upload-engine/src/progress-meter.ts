/** Speed over a sliding window, and the time left at that speed. */
export function createProgressMeter(options: { totalBytes: number; windowMs?: number; now?: () => number }) {
  const windowMs = options.windowMs ?? 5_000;
  const now = options.now ?? (() => Date.now());
  const samples: { at: number; bytes: number }[] = [];
  let bytes = 0;
  return {
    set(done: number): void {
      bytes = done;
      const at = now();
      samples.push({ at, bytes });
      while (samples.length > 2 && (samples[0] as { at: number }).at < at - windowMs) samples.shift();
    },
    snapshot(): { bytesUploaded: number; totalBytes: number; percent: number; bytesPerSecond: number; secondsLeft: number | null } {
      const first = samples[0];
      const last = samples[samples.length - 1];
      const elapsed = first && last ? (last.at - first.at) / 1000 : 0;
      const rate = elapsed > 0 && first && last ? (last.bytes - first.bytes) / elapsed : 0;
      const left = options.totalBytes - bytes;
      return {
        bytesUploaded: bytes,
        totalBytes: options.totalBytes,
        percent: options.totalBytes === 0 ? 100 : Math.floor((bytes / options.totalBytes) * 1000) / 10,
        bytesPerSecond: Math.round(rate),
        secondsLeft: rate > 0 ? Math.ceil(left / rate) : null,
      };
    },
  };
}
