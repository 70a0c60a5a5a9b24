/**
 * The production dependency set of one bundle: the packages it imports and everything they need at
 * run time, found as node finds them (from each package's folder up to the root's node_modules),
 * so that a copy of exactly these folders, in the same layout, loads like the repository does.
 */
import { copyFileSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { findPackageDir } from './bundle-app';

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, unknown>;
}

export const readPackageJson = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;

/**
 * Every package folder (real paths under `root/node_modules`) that the `direct` folders need:
 * their dependencies, the optional ones that are installed here (platform binaries) and the peers
 * that are installed (knex loads `pg`, an optional peer named only in its peerDependenciesMeta). Sorted, each once.
 */
export function productionClosure(root: string, direct: Iterable<string>): string[] {
  const seen = new Set<string>();
  const queue = [...direct];
  while (queue.length > 0) {
    const dir = queue.pop() as string;
    if (seen.has(dir)) continue;
    seen.add(dir);
    const pkg = readPackageJson(dir);
    const required = Object.keys(pkg.dependencies ?? {});
    const ifInstalled = [pkg.optionalDependencies, pkg.peerDependencies, pkg.peerDependenciesMeta].flatMap((names) => Object.keys(names ?? {}));
    for (const name of required) {
      const found = findPackageDir(name, dir, root);
      if (!found) throw new Error(`${pkg.name} needs ${name}, which is not installed`);
      queue.push(found);
    }
    for (const name of ifInstalled) {
      const found = findPackageDir(name, dir, root);
      if (found) queue.push(found);
    }
  }
  for (const dir of seen) {
    const where = relative(root, dir);
    if (where.startsWith('..') || where.split(sep)[0] !== 'node_modules') throw new Error(`${dir} is not in ${root}/node_modules and cannot be staged as node would find it`);
  }
  return [...seen].sort();
}

function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    copyFileSync(from, to);
  }
}

/** Places `source` at `target` file by file: copied, or hard-linked (no bytes written; copied across file systems); `skip` stays out. */
function placeTree(source: string, target: string, options: { link: boolean; skip: string }): void {
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    const from = join(source, entry.name);
    const to = join(target, entry.name);
    if (from === options.skip) continue;
    if (entry.isDirectory()) placeTree(from, to, options);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
    else if (options.link) linkOrCopy(from, to);
    else copyFileSync(from, to);
  }
}

/** Places each package folder at the same place under `outDir` (its own nested node_modules only where they are in the set). */
export function copyPackages(root: string, dirs: string[], outDir: string, options: { link: boolean }): void {
  for (const dir of dirs) placeTree(dir, join(outDir, relative(root, dir)), { link: options.link, skip: join(dir, 'node_modules') });
}

/** The bytes of every file under `dir` (symbolic links counted as links). */
export function sizeOnDisk(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() || entry.isSymbolicLink()) total += lstatSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}
