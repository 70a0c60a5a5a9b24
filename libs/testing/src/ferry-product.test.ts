import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { npmStartNodeFlags } from './ferry-product';
import { WORKSPACE_ROOT } from './service-process';

describe("the product launcher's node flags", () => {
  it('when tests and benches start the product, then node gets the flags of `npm start` (the storage bench figures depend on --expose-gc)', () => {
    const start = (JSON.parse(readFileSync(join(WORKSPACE_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
    const flags = npmStartNodeFlags();
    expect(flags).toContain('--expose-gc');
    expect(flags).toContain('--heap-growing-percent=100');
    for (const flag of flags) expect(start).toContain(flag);
    expect(flags).not.toContain('--import');
    expect(flags).not.toContain('tsx');
  });
});
