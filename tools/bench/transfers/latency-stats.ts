export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles of samples in ms. */
export function summarize(samples: readonly number[]): LatencySummary {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] as number;
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted[sorted.length - 1] as number };
}

export interface TableColumn<T> {
  title: string;
  /** Left-aligned (text) or right-aligned (figures). */
  align: 'left' | 'right';
  value(row: T): string;
}

/** A plain-text table, each column as wide as its widest cell. */
export function formatTable<T>(columns: readonly TableColumn<T>[], rows: readonly T[]): string {
  const cells = rows.map((row) => columns.map((column) => column.value(row)));
  const widths = columns.map((column, i) => Math.max(column.title.length, ...cells.map((line) => (line[i] as string).length)));
  const line = (values: readonly string[]) =>
    values
      .map((value, i) => (columns[i]?.align === 'left' ? value.padEnd(widths[i] as number) : value.padStart(widths[i] as number)))
      .join('  ')
      .trimEnd();
  const header = line(columns.map((column) => column.title));
  return [header, '-'.repeat(header.length), ...cells.map(line)].join('\n');
}

export const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
