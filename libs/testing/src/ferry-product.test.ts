import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { npmStartEnv, npmStartNodeFlags } from './ferry-product';
import { imageRuntime } from './image-runtime';
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

  it('when tests and benches start the product, then it gets the allocator settings `npm start` sets in front of node', () => {
    const start = (JSON.parse(readFileSync(join(WORKSPACE_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
    expect(npmStartEnv()).toEqual({ MALLOC_MMAP_THRESHOLD_: '4194304', MALLOC_TRIM_THRESHOLD_: '16777216' });
    expect(start.startsWith('MALLOC_MMAP_THRESHOLD_=4194304 MALLOC_TRIM_THRESHOLD_=16777216 node ')).toBe(true);
    // The images run with the same settings (deploy/Dockerfile's ENV), so the two cannot drift apart.
    expect(imageRuntime().malloc).toEqual(npmStartEnv());
  });
});
