import { afterEach, describe, expect, it } from 'vitest';
import { noteTransientBytes, RECLAIM_EVERY } from './buffer-reclaimer';

type Global = { gc?: (options?: { type?: string }) => void };

describe('buffer reclaimer', () => {
  afterEach(() => {
    delete (globalThis as Global).gc;
  });

  it('when the service was started without --expose-gc, then no collection is forced and gc is never switched on from code', () => {
    noteTransientBytes(4 * RECLAIM_EVERY.write, 'write');
    noteTransientBytes(4 * RECLAIM_EVERY.read, 'read');
    expect(typeof (globalThis as Global).gc).toBe('undefined');
  });

  it('when it was started with --expose-gc, then the young generation is collected every RECLAIM_EVERY transient bytes of each path, counted apart', () => {
    const calls: unknown[] = [];
    (globalThis as Global).gc = (options) => void calls.push(options);
    noteTransientBytes(RECLAIM_EVERY.write - 1, 'write');
    noteTransientBytes(RECLAIM_EVERY.read - 1, 'read');
    expect(calls).toEqual([]);
    noteTransientBytes(1, 'read');
    expect(calls).toEqual([{ type: 'minor' }]);
    noteTransientBytes(1, 'write');
    noteTransientBytes(RECLAIM_EVERY.write, 'write');
    expect(calls).toEqual([{ type: 'minor' }, { type: 'minor' }, { type: 'minor' }]);
    expect(RECLAIM_EVERY.write).toBeGreaterThan(RECLAIM_EVERY.read);
  });
});
