import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { CliError } from '../cli-error';

/** One file to upload. */
export interface LocalFile {
  /** Where it is on disk; also the checkpoint key, so a resume works from any working directory. */
  absolutePath: string;
  /** How the user sees it: the file's name, or its path inside a folder they named (`photos/2024/a.jpg`). */
  displayPath: string;
  /** The name the object is stored under. */
  name: string;
  size: number;
}

/** Files as given, and folders walked recursively in name order; each file once, folder loops skipped. */
export async function expandPaths(paths: readonly string[], cwd: string): Promise<LocalFile[]> {
  const files: LocalFile[] = [];
  const seenFiles = new Set<string>();
  const seenFolders = new Set<string>();

  const add = (absolutePath: string, displayPath: string, size: number) => {
    if (seenFiles.has(absolutePath)) return;
    seenFiles.add(absolutePath);
    files.push({ absolutePath, displayPath, name: basename(absolutePath), size });
  };

  const walk = async (folder: string, display: string) => {
    const real = await realpath(folder);
    if (seenFolders.has(real)) return;
    seenFolders.add(real);
    const entries = (await readdir(folder)).sort();
    for (const entry of entries) {
      const path = join(folder, entry);
      const info = await stat(path).catch(() => undefined);
      if (info?.isDirectory()) await walk(path, `${display}/${entry}`);
      else if (info?.isFile()) add(path, `${display}/${entry}`, info.size);
    }
  };

  for (const given of paths) {
    const absolute = resolve(cwd, given);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) throw new CliError('FILE_NOT_FOUND', `No such file or folder: ${given}`);
    if (info.isDirectory()) await walk(absolute, basename(absolute));
    else if (info.isFile()) add(absolute, basename(absolute), info.size);
    else throw new CliError('NOT_A_FILE', `${given} is neither a file nor a folder`);
  }
  return files;
}
