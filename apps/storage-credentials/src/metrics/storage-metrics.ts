import { Counter } from 'prom-client';

const bytesMoved = new Counter({
  name: 'ferry_storage_bytes_total',
  help: 'Bytes stored by completed uploads (direction=upload) and offered by signed downloads (direction=download), by region',
  labelNames: ['region', 'direction'] as const,
});

export function recordBytesMoved(region: string, direction: 'upload' | 'download', bytes: number): void {
  if (bytes > 0) bytesMoved.inc({ region, direction }, bytes);
}
