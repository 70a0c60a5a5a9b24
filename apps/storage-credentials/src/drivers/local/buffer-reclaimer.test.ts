import { afterEach, describe, expect, it } from 'vitest';
import { noteTransientBytes, RECLAIM_EVERY } from './buffer-reclaimer';

type Global = { gc?: (options?: { type?: string }) => void };

describe('buffer reclaimer', () => {
  afterEach(() => {
    delete (globalThis as Global).gc;
  });

  it('when the service was started without --expose-gc, then no collection is forced and gc is never switched on from code', () => {
    noteTransientBytes(4 * RECLAIM_EVERY);
    noteTransientBytes(4 * RECLAIM_EVERY);
    expect(typeof (globalThis as Global).gc).toBe('undefined');
  });

  it('when it was started with --expose-gc, then the young generation is collected every RECLAIM_EVERY transient bytes', () => {
    const calls: unknown[] = [];
    (globalThis as Global).gc = (options) => void calls.push(options);
    noteTransientBytes(RECLAIM_EVERY - 1);
    expect(calls).toEqual([]);
    noteTransientBytes(1);
    noteTransientBytes(RECLAIM_EVERY);
    expect(calls).toEqual([{ type: 'minor' }, { type: 'minor' }]);
  });
});
