const KB = 1024;
const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** Sizes the way the product shows them: 1 MB = 1024 KB. */
export function formatBytes(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  let value = bytes / KB;
  let unit = 0;
  while (value >= KB && unit < UNITS.length - 1) {
    value /= KB;
    unit += 1;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}

export function formatRate(bytesPerSecond: number): string {
  return `${formatBytes(Math.max(0, Math.round(bytesPerSecond)))}/s`;
}

/** `m:ss` or `h:mm:ss`; `--:--` while there is no speed to go by. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '--:--';
  const total = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
