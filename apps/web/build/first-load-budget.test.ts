import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rolldown } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { firstLoadChunks, modulesKeptOutButLoaded } from './first-load-budget';

/** A bundled app: the entry loads the page lazily (a route); the page imports the panel as `panelImport` says. */
async function bundleApp(panelImport: 'static' | 'dynamic') {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-first-load-'));
  mkdirSync(join(dir, 'features', 'panel'), { recursive: true });
  writeFileSync(join(dir, 'entry.ts'), "export const page = () => import('./features/Page');\n");
  writeFileSync(join(dir, 'features', 'panel', 'Panel.ts'), "export const panel = 'the panel';\n");
  writeFileSync(
    join(dir, 'features', 'Page.ts'),
    panelImport === 'static'
      ? "import { panel } from './panel/Panel';\nexport default () => panel;\n"
      : "export default () => import('./panel/Panel').then((m) => m.panel);\n",
  );
  const bundle = await rolldown({ input: join(dir, 'entry.ts') });
  const { output } = await bundle.generate({ format: 'es' });
  const outputs = Object.fromEntries(output.map((item) => [item.fileName, item]));
  return firstLoadChunks(outputs as never, { page: 'features/Page.ts', alsoLoads: [] });
}

describe('first-load budget (the web build)', () => {
  it('a module the page imports statically is in its first load, and fails keepsOut', async () => {
    const chunks = await bundleApp('static');
    expect(modulesKeptOutButLoaded(chunks, ['features/panel/Panel.ts'])).toEqual(['features/panel/Panel.ts']);
  });

  it('a module the page imports when used is not in its first load', async () => {
    const chunks = await bundleApp('dynamic');
    expect(chunks.map((chunk) => chunk.fileName).join(' ')).toMatch(/Page/);
    expect(modulesKeptOutButLoaded(chunks, ['features/panel/Panel.ts'])).toEqual([]);
  });
});
