// The ferry command's esbuild bundle, as the services are bundled (the `build` target of
// apps/cli/project.json: dist/apps/cli/main.js). Plain JavaScript, so `ferry` starts without
// compiling anything: `ferry --version` answers in well under 150 ms.
//
// In the repository the bundle is (re)built on first use and whenever a source it was built from
// (apps/, libs/, package-lock.json) is newer than it, so `npx ferry` always runs the current code.
// Where the sources are not there (an installed bundle), it is used as it is.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const project = JSON.parse(readFileSync(join(root, 'apps/cli/project.json'), 'utf8'));
const { options } = project.targets.build;
export const bundlePath = join(root, options.outputPath, 'main.js');
const inputsPath = join(root, options.outputPath, 'inputs.json');

const mtimeOf = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY; // a source that went away: build again
  }
};

/** Whether the bundle exists and no workspace source it was built from changed since. */
export function bundleIsFresh() {
  if (!existsSync(bundlePath)) return false;
  if (!existsSync(inputsPath)) return true;
  const built = statSync(bundlePath).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsPath, 'utf8'));
  return inputs.every((input) => mtimeOf(join(root, input)) <= built);
}

/**
 * Builds the bundle with the options of the `build` target: workspace code and npm packages in ESM
 * files. It is written to a folder of its own and moved into place chunks first, main.js last (each
 * a rename), so a ferry started meanwhile runs either the old bundle or the new one, whole.
 */
export async function buildBundle() {
  const { build } = await import('esbuild');
  const outDir = dirname(bundlePath);
  const staging = `${outDir}.build-${process.pid}`;
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: options.main },
    outdir: staging,
    // main.js holds only what `--version` needs; the commands are a chunk imported when one runs.
    splitting: options.esbuildOptions?.splitting ?? false,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: options.format?.[0] ?? 'esm',
    tsconfig: options.tsConfig,
    sourcemap: options.esbuildOptions?.sourcemap ?? false,
    // CommonJS packages in an ESM bundle still call require for Node's own modules.
    banner: { js: "import { createRequire as __ferryCreateRequire } from 'node:module'; const require = __ferryCreateRequire(import.meta.url);" },
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/'));
  writeFileSync(join(staging, 'inputs.json'), JSON.stringify([...inputs, 'package-lock.json'].map((input) => relative(root, join(root, input)))));
  mkdirSync(join(outDir, 'chunks'), { recursive: true });
  const chunks = existsSync(join(staging, 'chunks')) ? readdirSync(join(staging, 'chunks')) : [];
  for (const chunk of chunks) renameSync(join(staging, 'chunks', chunk), join(outDir, 'chunks', chunk));
  renameSync(join(staging, 'main.js'), bundlePath);
  renameSync(join(staging, 'inputs.json'), inputsPath);
  rmSync(staging, { recursive: true, force: true });
  removeStaleChunks(join(outDir, 'chunks'), chunks);
  return bundlePath;
}

/**
 * Chunks of earlier builds (their names carry their content's hash, so each build adds files) are
 * removed once they are a minute old: a ferry started on the old main.js imports its chunk within
 * milliseconds, so none is still to be loaded by then.
 */
export function removeStaleChunks(chunksDir, current, { now = Date.now(), graceMs = 60_000 } = {}) {
  const keep = new Set(current);
  for (const chunk of readdirSync(chunksDir)) {
    if (keep.has(chunk)) continue;
    const path = join(chunksDir, chunk);
    // One that another ferry rebuilding at the same time removed already reads as new (mtimeOf): left alone.
    if (now - mtimeOf(path) >= graceMs) rmSync(path, { force: true });
  }
}
