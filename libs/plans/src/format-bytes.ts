const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/**
 * "3 GB", "1.5 TB", "512 KB": binary units (1 KB = 1024 B) with at most two decimals,
 * the way the product shows sizes.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) throw new RangeError(`Not a byte count: ${bytes}`);
  const sign = bytes < 0 ? '-' : '';
  let value = Math.abs(bytes);
  let unit = 0;
  while (unit < UNITS.length - 1 && Math.round(value * 100) / 100 >= 1024) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? Math.round(value) : Math.round(value * 100) / 100;
  return `${sign}${rounded} ${UNITS[unit]}`;
}
