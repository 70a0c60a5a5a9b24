/**
 * Stages deployable apps: `<out>/<app>/` holds the app's bundle (main.js and its map), a package.json
 * naming the npm packages it imports, only those packages and what they need in node_modules, and
 * healthcheck.js; with `--web`, the gateway's and all-in-one's folder also holds the web app's build
 * as web/ (build it first: `npx nx run web:build`). deploy/Dockerfile copies such a folder as it is.
 * `--link` hard-links the packages' files instead of copying them where it can (fast; for tests).
 *
 *   tsx tools/stage/stage-app.ts [--out dist/stage] [--web] [--link] <app>...
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleApp } from './bundle-app';
import { copyPackages, productionClosure, readPackageJson, sizeOnDisk } from './production-deps';
import { healthcheckScript, STAGED_APPS } from './staged-apps';

export interface StagedFolder {
  app: string;
  dir: string;
  bundleBytes: number;
  nodeModulesBytes: number;
  /** Names of every staged package (direct and transitive). */
  packages: string[];
}

const ROOT = resolve(import.meta.dirname, '../..');

export async function stageApp(app: string, outRoot: string, options: { web: boolean; link: boolean }): Promise<StagedFolder> {
  const staged = STAGED_APPS[app];
  if (!staged) throw new Error(`unknown app ${app}; one of ${Object.keys(STAGED_APPS).join(', ')}`);
  const web = join(ROOT, 'apps/web/dist');
  const withWeb = options.web && staged.servesWeb;
  if (withWeb && !existsSync(join(web, 'index.html'))) throw new Error(`${web} has no index.html: run \`npx nx run web:build\` first`);
  const dir = join(outRoot, app);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const bundle = await bundleApp(ROOT, app, dir);
  const closure = productionClosure(ROOT, bundle.packages.values());
  copyPackages(ROOT, closure, dir, { link: options.link });
  const dependencies = Object.fromEntries([...bundle.packages].sort().map(([name, pkgDir]) => [name, readPackageJson(pkgDir).version]));
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: `@ferry/${app}-staged`, private: true, type: 'module', dependencies }, null, 2)}\n`);
  writeFileSync(join(dir, 'healthcheck.js'), healthcheckScript(app, staged));
  if (withWeb) cpSync(web, join(dir, 'web'), { recursive: true });
  const nodeModules = join(dir, 'node_modules');
  return {
    app,
    dir,
    bundleBytes: bundle.bytes,
    nodeModulesBytes: existsSync(nodeModules) ? sizeOnDisk(nodeModules) : 0,
    packages: closure.map((pkgDir) => readPackageJson(pkgDir).name).sort(),
  };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string', default: 'dist/stage' }, web: { type: 'boolean', default: false }, link: { type: 'boolean', default: false } } });
  if (positionals.length === 0) throw new Error(`usage: stage-app.ts [--out DIR] [--web] <app>... (${Object.keys(STAGED_APPS).join(', ')})`);
  const outRoot = resolve(ROOT, values.out);
  for (const app of positionals) {
    const started = Date.now();
    const folder = await stageApp(app, outRoot, { web: values.web, link: values.link });
    const kb = (folder.bundleBytes / 1024).toFixed(0);
    const mb = (folder.nodeModulesBytes / 1024 / 1024).toFixed(1);
    console.log(`${app}: main.js ${kb} KB, node_modules ${mb} MB in ${folder.packages.length} packages, staged in ${folder.dir} (${Date.now() - started} ms)`);
  }
}

if (basename(process.argv[1] ?? '') === 'stage-app.ts') {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
