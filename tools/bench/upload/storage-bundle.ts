/**
 * The storage-credentials process as production runs it, for upload-bench.ts: the app's `build`
 * target from its project.json (an esbuild bundle of the app and the workspace libraries, with
 * third-party packages left to node_modules, as @nx/esbuild does with `thirdParty: false`),
 * started with the node flags of deploy/Dockerfile's `CMD` and its `NODE_ENV`.
 *
 * The bundle is built here with esbuild's API rather than through Nx, so a run never measures a
 * stale `dist/`. It is written under node_modules/.cache so that its imports of third-party
 * packages resolve from the repository's node_modules, as they do from /app/node_modules in the
 * image.
 */
import { realpathSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { imageRuntime } from '@ferry/testing';

interface BuildOptions {
  main: string;
  tsConfig?: string;
  platform?: 'node' | 'neutral' | 'browser';
  format?: ('esm' | 'cjs')[];
  bundle?: boolean;
  thirdParty?: boolean;
  external?: string[];
  esbuildOptions?: { sourcemap?: boolean | 'linked' | 'inline' | 'external' | 'both' };
}

export interface StorageCommand {
  /** Arguments for `process.execPath`. */
  args: string[];
  env: Record<string, string>;
  /** One line for the report: what was measured. */
  describe: string;
}

/** The package a bare import names (`@scope/name/sub` → `@scope/name`). */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

/** Builds storage-credentials' production bundle into `outDir` (inside `root`) and answers how to start it. */
export async function productionStorage(root: string, outDir: string): Promise<StorageCommand> {
  const project = JSON.parse(await readFile(join(root, 'apps/storage-credentials/project.json'), 'utf8')) as {
    targets: { build: { executor: string; options: BuildOptions } };
  };
  const target = project.targets.build;
  if (target.executor !== '@nx/esbuild:esbuild') throw new Error(`storage-credentials:build uses ${target.executor}; update storage-bundle.ts`);
  const options = target.options;
  const format = options.format?.[0] ?? 'esm';

  // thirdParty: false → every package from node_modules stays an import; workspace packages
  // (node_modules links into apps/ or libs/) are bundled, as they are not in the image.
  const thirdPartyExternal: Plugin = {
    name: 'third-party-external',
    setup(b) {
      const workspace = new Map<string, boolean>();
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:') || isAbsolute(args.path)) return undefined;
        const name = packageName(args.path);
        if (!workspace.has(name)) {
          let inWorkspace = false;
          try {
            const real = relative(root, realpathSync(join(root, 'node_modules', name)));
            inWorkspace = !real.startsWith('..') && !real.split(sep).includes('node_modules');
          } catch {
            // not installed at the root: leave it to esbuild's own resolution and error
          }
          workspace.set(name, inWorkspace);
        }
        return workspace.get(name) ? undefined : { path: args.path, external: true };
      });
    },
  };

  await mkdir(outDir, { recursive: true });
  const outfile = join(outDir, 'main.js');
  await build({
    absWorkingDir: root,
    entryPoints: [options.main],
    outfile,
    bundle: options.bundle ?? true,
    platform: options.platform ?? 'node',
    format,
    tsconfig: options.tsConfig,
    sourcemap: options.esbuildOptions?.sourcemap ?? false,
    external: options.external ?? [],
    plugins: options.thirdParty ? [] : [thirdPartyExternal],
    logLevel: 'warning',
  });
  const { args, nodeEnv, malloc } = imageRuntime(root);
  const flags = args.slice(0, -1);
  const mallocText = Object.entries(malloc).map(([name, value]) => `${name}=${value}`).join(' ');
  return {
    args: [...flags, outfile],
    env: { ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}), ...malloc },
    describe: `the production bundle (storage-credentials:build options, built with esbuild), started as deploy/Dockerfile does: node ${[...flags, 'main.js'].join(' ')}${nodeEnv ? `, NODE_ENV=${nodeEnv}` : ''}${mallocText ? `, ${mallocText}` : ''}`,
  };
}

/** The way the bench ran it before: TypeScript compiled at runtime by tsx (not what production runs). */
export function sourceStorage(): StorageCommand {
  return {
    args: ['--import', 'tsx', 'apps/storage-credentials/src/main.ts'],
    env: {},
    describe: 'from source with tsx (node --import tsx apps/storage-credentials/src/main.ts), NOT what production runs',
  };
}
