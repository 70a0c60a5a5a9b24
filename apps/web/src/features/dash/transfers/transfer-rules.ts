import type { TTransferDetail, TTransferFile, TTransferSummary } from '@ferry/contracts';

export type RowState = 'active' | 'expired' | 'restricted';

/** A restricted link shows as restricted whatever its date; else active until its expiry date (PRODUCT.md section 4). */
export function rowState(transfer: Pick<TTransferSummary, 'restricted' | 'state'>): RowState {
  return transfer.restricted ? 'restricted' : transfer.state;
}

/** The countries a transfer was downloaded from, each once, newest first (for the row's flags). */
export function downloadCountries(downloads: TTransferSummary['downloads']): { code: string; name: string }[] {
  const seen = new Map<string, string>();
  const newestFirst = [...downloads].sort((a, b) => Date.parse(b.dlDate) - Date.parse(a.dlDate));
  for (const d of newestFirst) {
    const code = d.countryCode.toUpperCase();
    if (code.length === 2 && !seen.has(code)) seen.set(code, d.country_name);
  }
  return [...seen].map(([code, name]) => ({ code, name }));
}

/** Each recipient and whether a download was recorded for them. */
export function recipientsWithDownloads(transfer: Pick<TTransferDetail, 'emailTo' | 'downloadLog'>): { email: string; name?: string; hasDownloaded: boolean }[] {
  const downloaded = new Set(transfer.downloadLog.flatMap((d) => (d.receiverEmail ? [d.receiverEmail.toLowerCase()] : [])));
  return transfer.emailTo.map((r) => ({ email: r.email, ...(r.name ? { name: r.name } : {}), hasDownloaded: downloaded.has(r.email.toLowerCase()) }));
}

const known = (text: string | null | undefined): string => (text && text.toLowerCase() !== 'unknown' ? text : '');

/** "City, Country" of a download, without the parts the geolocation did not know ('' when it knew neither). */
export function placeOf(download: { city: string; country_name: string }): { place: string; country: string } {
  const country = known(download.country_name);
  return { place: [known(download.city), country].filter(Boolean).join(', '), country };
}

export type FileEntry = { type: 'folder'; name: string; files: TTransferFile[]; size: number } | { type: 'file'; file: TTransferFile };

export interface FileOrder {
  /** Descending by default, like every dashboard list. */
  descending: boolean;
  /** PRODUCT.md: folders are placed before (default) or after files. */
  foldersFirst: boolean;
}

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });

/**
 * A transfer's files as the modal lists them: one entry per top-level folder (its files inside),
 * then the loose files, or the other way round; each group sorted by name.
 */
export function fileEntries(files: TTransferFile[], order: FileOrder): FileEntry[] {
  const folders = new Map<string, TTransferFile[]>();
  const loose: FileEntry[] = [];
  for (const file of files) {
    const top = file.path?.split('/').find(Boolean);
    if (top) folders.set(top, [...(folders.get(top) ?? []), file]);
    else loose.push({ type: 'file', file });
  }
  const sign = order.descending ? -1 : 1;
  const folderEntries: FileEntry[] = [...folders]
    .map(([name, inside]) => ({ type: 'folder' as const, name, files: [...inside].sort((a, b) => byName(a.name, b.name)), size: inside.reduce((s, f) => s + f.size, 0) }))
    .sort((a, b) => sign * byName(a.name, b.name));
  loose.sort((a, b) => (a.type === 'file' && b.type === 'file' ? sign * byName(a.file.name, b.file.name) : 0));
  return order.foldersFirst ? [...folderEntries, ...loose] : [...loose, ...folderEntries];
}
