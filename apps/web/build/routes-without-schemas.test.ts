import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rolldown } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { routesWithoutSchemas } from './routes-without-schemas';

const ROUTES = `import { z } from 'zod';
import { defineHttpRoute } from './define-http-route';
export const ZTokenParams = z.object({ token: z.string() });
export const THINGS_ROUTES = {
  make: defineHttpRoute({
    method: 'post', path: '/things/:token', params: ZTokenParams, body: z.object({ name: z.string().min(1) }),
    status: 201, response: ZThing, query: z.object({ dry: z.string() }), errors: [400],
  }),
};
`;

function transform(code: string, id: string): string | null {
  const plugin = routesWithoutSchemas();
  const hook = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null;
  return hook.call({ parse: (source: string) => parseAst(source) }, code, id)?.code ?? null;
}

describe('routesWithoutSchemas (the web build)', () => {
  it("drops a route's body, response and query schemas and keeps its method, path, params and the rest", () => {
    const out = transform(ROUTES, '/repo/libs/contracts/src/http/things.routes.ts') ?? '';
    expect(out).toContain("method: 'post', path: '/things/:token', params: ZTokenParams,");
    expect(out).toContain('status: 201,');
    expect(out).toContain('errors: [400]');
    expect(out).not.toMatch(/\b(body|response|query):/);
  });

  it('leaves files outside the contracts alone', () => {
    expect(transform(ROUTES, '/repo/apps/web/src/things.ts')).toBeNull();
  });

  it('a schema the app does not import is not in the bundle; one it imports is, and works', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ferry-routes-'));
    const contracts = join(dir, 'libs', 'contracts', 'src');
    mkdirSync(contracts, { recursive: true });
    writeFileSync(join(contracts, 'things.schemas.ts'), "import { z } from 'zod';\nexport const ZUsed = z.object({ used: z.string().min(1) });\nexport const ZUnused = ZUsed.extend({ unusedField: z.string().regex(/^never-in-the-bundle$/) });\n");
    writeFileSync(join(dir, 'entry.ts'), `import { ZUsed } from './libs/contracts/src/things.schemas';\nexport const ok = ZUsed.safeParse({ used: 'yes' }).success;\n`);
    const bundle = await rolldown({ input: join(dir, 'entry.ts'), plugins: [routesWithoutSchemas()], external: ['zod'], treeshake: { manualPureFunctions: ['z'] } });
    const { output } = await bundle.generate({ format: 'es' });
    const code = output[0].code;
    expect(code).toContain('used: z.string().min(1)');
    expect(code).not.toContain('unusedField');
    expect(code).not.toContain('never-in-the-bundle');
  });
});
