/**
 * One app's production bundle: the options of its `build` target in project.json (entry, tsconfig,
 * format, source map), built with esbuild so that the workspace's own code (apps/, libs/) is
 * bundled and every npm package stays an import, answered from the staged node_modules.
 */
import { cpSync, existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { build, type Plugin } from 'esbuild';

interface BuildTarget {
  executor: string;
  options: {
    main: string;
    tsConfig?: string;
    format?: ('esm' | 'cjs')[];
    esbuildOptions?: { sourcemap?: boolean };
    /** Folders copied beside the bundle (`input` -> `<outDir>/<output>`); only the `**\/*` glob is used here. */
    assets?: { input: string; glob: string; output: string }[];
  };
}

export interface AppBundle {
  /** The bundle's path and size in bytes (its source map not counted). */
  file: string;
  bytes: number;
  /** Each npm package the bundle imports, by name: the folder it resolves to in the repository. */
  packages: Map<string, string>;
}

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** Where node finds `name` from `fromDir`: the first `node_modules/<name>` up to `root`, real path. */
export function findPackageDir(name: string, fromDir: string, root: string): string | null {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (!dir.endsWith(`${sep}node_modules`) && existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dir === root || relative(root, dir).startsWith('..')) return null;
  }
}

const isWorkspaceDir = (root: string, dir: string) => !relative(root, dir).startsWith('..') && !relative(root, dir).split(sep).includes('node_modules');

/** Leaves every npm package external and records which folder each one is, so it can be staged. */
function npmPackagesExternal(root: string, packages: Map<string, string>): Plugin {
  return {
    name: 'npm-packages-external',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (isBuiltin(args.path) || isAbsolute(args.path)) return undefined;
        const name = packageNameOf(args.path);
        const dir = findPackageDir(name, args.resolveDir, root);
        if (!dir) return { errors: [{ text: `package ${name} is not installed (imported by ${args.importer})` }] };
        if (isWorkspaceDir(root, dir)) return undefined;
        const hoisted = findPackageDir(name, root, root);
        if (dir !== hoisted) return { errors: [{ text: `${args.importer} imports ${name} from ${dir}, not the copy at the root's node_modules that the staged bundle would load` }] };
        packages.set(name, dir);
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * Packages the bundle finds at run time by name rather than by import (`createRequire(...).resolve('pkg/file')`,
 * `import.meta.resolve('pkg/file')`): esbuild cannot see them, so they are read from the bundle's text.
 */
export function packagesResolvedAtRunTime(code: string): string[] {
  const names = new Set<string>();
  for (const match of code.matchAll(/(?:require\w*|import\.meta)\.resolve\(\s*["'`]((?:@[\w.-]+\/)?[\w.-]+)(?=[/"'`])/gi)) names.add(match[1] as string);
  return [...names].filter((name) => !isBuiltin(name));
}

/** Builds `app`'s bundle into `outDir/main.js` with the options of its `build` target. */
export async function bundleApp(root: string, app: string, outDir: string): Promise<AppBundle> {
  const project = JSON.parse(readFileSync(join(root, 'apps', app, 'project.json'), 'utf8')) as { targets: { build: BuildTarget } };
  const { executor, options } = project.targets.build;
  if (executor !== '@nx/esbuild:esbuild') throw new Error(`${app}:build uses ${executor}; tools/stage reads @nx/esbuild options`);
  const packages = new Map<string, string>();
  const file = join(outDir, 'main.js');
  await build({
    absWorkingDir: root,
    entryPoints: [options.main],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: options.format?.[0] ?? 'esm',
    tsconfig: options.tsConfig,
    sourcemap: options.esbuildOptions?.sourcemap ?? false,
    plugins: [npmPackagesExternal(root, packages)],
    logLevel: 'warning',
  });
  for (const asset of options.assets ?? []) {
    if (asset.glob !== '**/*') throw new Error(`${app}:build asset ${asset.input}: tools/stage copies whole folders (glob "**/*")`);
    cpSync(join(root, asset.input), join(outDir, asset.output), { recursive: true });
  }
  for (const name of packagesResolvedAtRunTime(readFileSync(file, 'utf8'))) {
    const dir = findPackageDir(name, root, root);
    if (dir && !isWorkspaceDir(root, dir)) packages.set(name, dir);
  }
  return { file, bytes: statSync(file).size, packages };
}
