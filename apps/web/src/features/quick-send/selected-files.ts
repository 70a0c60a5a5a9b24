/** A file picked for the transfer: the browser File and its folder inside the transfer. */
export interface SelectedFile {
  /** Stable key for lists: folder + name. */
  key: string;
  file: File;
  name: string;
  size: number;
  /** Folder inside the transfer (`photos/2024`), or undefined at the top. */
  folder?: string;
  kind: 'file' | 'voiceMemo' | 'recordedVideo';
}

function folderOf(relativePath: string): string | undefined {
  const parts = relativePath.split('/').filter(Boolean);
  parts.pop();
  return parts.length > 0 ? parts.join('/') : undefined;
}

export function toSelected(file: File, relativePath?: string, kind: SelectedFile['kind'] = 'file'): SelectedFile {
  const path = relativePath ?? ((file as File & { webkitRelativePath?: string }).webkitRelativePath || '');
  const folder = path ? folderOf(path) : undefined;
  return { key: `${folder ? `${folder}/` : ''}${file.name}`, file, name: file.name, size: file.size, folder, kind };
}

/**
 * Adds files to the list, dropping duplicates (the same relative path, or the same name
 * without a path), as the spec asks; answers the list and how many were dropped.
 */
export function mergeFiles(current: SelectedFile[], incoming: SelectedFile[]): { files: SelectedFile[]; duplicates: number } {
  const files = [...current];
  let duplicates = 0;
  for (const file of incoming) {
    if (files.some((f) => f.key === file.key)) duplicates++;
    else files.push(file);
  }
  return { files, duplicates };
}

/** The top-level entries shown in the list: single files, and folders with their total size and file count. */
export interface ListEntry {
  key: string;
  name: string;
  size: number;
  isFolder: boolean;
  count: number;
}

export function listEntries(files: SelectedFile[]): ListEntry[] {
  const entries = new Map<string, ListEntry>();
  for (const f of files) {
    const top = f.folder?.split('/')[0];
    if (top === undefined) {
      entries.set(f.key, { key: f.key, name: f.name, size: f.size, isFolder: false, count: 1 });
      continue;
    }
    const key = `${top}/`;
    const entry = entries.get(key) ?? { key, name: top, size: 0, isFolder: true, count: 0 };
    entry.size += f.size;
    entry.count += 1;
    entries.set(key, entry);
  }
  return [...entries.values()];
}

/** Removes a list entry: a file, or every file under a top-level folder. */
export function removeEntry(files: SelectedFile[], entryKey: string): SelectedFile[] {
  if (entryKey.endsWith('/')) {
    const top = entryKey.slice(0, -1);
    return files.filter((f) => f.folder?.split('/')[0] !== top);
  }
  return files.filter((f) => f.key !== entryKey);
}

interface FsEntry {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
  file?: (ok: (file: File) => void, fail: (error: unknown) => void) => void;
  createReader?: () => { readEntries: (ok: (entries: FsEntry[]) => void, fail: (error: unknown) => void) => void };
}

async function readEntry(entry: FsEntry, out: SelectedFile[]): Promise<void> {
  if (entry.isFile && entry.file) {
    const file = await new Promise<File>((ok, fail) => entry.file?.(ok, fail));
    out.push(toSelected(file, entry.fullPath.replace(/^\//, '')));
    return;
  }
  if (entry.isDirectory && entry.createReader) {
    const reader = entry.createReader();
    // readEntries answers in batches until it answers an empty one.
    for (;;) {
      const batch = await new Promise<FsEntry[]>((ok, fail) => reader.readEntries(ok, fail));
      if (batch.length === 0) break;
      for (const child of batch) await readEntry(child, out);
    }
  }
}

/** The files of a drop, folders walked with their paths kept. */
export async function filesFromDrop(data: DataTransfer): Promise<SelectedFile[]> {
  const out: SelectedFile[] = [];
  const entries = [...data.items]
    .filter((item) => item.kind === 'file')
    .map((item) => (item as DataTransferItem & { webkitGetAsEntry?: () => FsEntry | null }).webkitGetAsEntry?.() ?? null);
  if (entries.length > 0 && entries.every((e) => e !== null)) {
    for (const entry of entries as FsEntry[]) await readEntry(entry, out);
    return out;
  }
  return [...data.files].map((file) => toSelected(file));
}
