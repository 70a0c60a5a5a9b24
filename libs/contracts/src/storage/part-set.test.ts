import { describe, expect, it } from 'vitest';
import { ZCompleteUpload } from './storage.schemas';
import { partNumbersOf, partRunsOf, partSetText, ZPartSet } from './part-set';

describe('part sets', () => {
  it('when part numbers step evenly (2 MB parts on a 512 KiB unit are 1, 5, 9, …), then they are one run, and a part set names them back', () => {
    const numbers = Array.from({ length: 2_500 }, (_, i) => 4 * i + 1);
    expect(partRunsOf(numbers)).toEqual([[1, 9_997, 4]]);
    expect(partNumbersOf({ runs: [[1, 9_997, 4]] })).toEqual(numbers);
  });

  it('when a retry re-cut the last parts smaller, then each size is a run of its own', () => {
    const runs = partRunsOf([1, 5, 9, 13, 14, 15, 16, 20])!;
    expect(runs).toEqual([[1, 13, 4], [14, 16, 1], [20, 20, 1]]);
    expect(partNumbersOf({ runs })).toEqual([1, 5, 9, 13, 14, 15, 16, 20]);
    expect(partRunsOf([7])).toEqual([[7, 7, 1]]);
    expect(partRunsOf([])).toBeUndefined();
    // More runs than a part set holds: the list is sent instead.
    expect(partRunsOf(Array.from({ length: 2_002 }, (_, i) => (i % 2 === 0 ? 3 * i + 1 : 3 * i)))).toBeUndefined();
  });

  it('when the digest text is taken, then it is a line "<n>:<etag>" per part in the order given, quotes dropped', () => {
    expect(partSetText([{ partNumber: 1, etag: '"abc"' }, { partNumber: 5, etag: 'def' }])).toBe('1:abc\n5:def\n');
  });

  it('when 10,000 parts are completed, then the entry stays a few hundred bytes', () => {
    const entry = { uploadToken: `${'f'.repeat(36)}.1900000000.${'m'.repeat(43)}`, partSet: { runs: partRunsOf(Array.from({ length: 10_000 }, (_, i) => i + 1))!, sha256: 'a'.repeat(64) } };
    expect(ZCompleteUpload.parse(entry)).toEqual(entry);
    expect(JSON.stringify(entry).length).toBeLessThan(250);
  });

  it('when runs overlap, run backwards, miss their step or go past 10,000, or a completion names parts both ways, then it is refused', () => {
    const sha256 = 'a'.repeat(64);
    expect(ZPartSet.safeParse({ runs: [[1, 5, 1], [5, 9, 1]], sha256 }).success).toBe(false);
    expect(ZPartSet.safeParse({ runs: [[6, 9, 1], [1, 5, 1]], sha256 }).success).toBe(false);
    expect(ZPartSet.safeParse({ runs: [[3, 2, 1]], sha256 }).success).toBe(false);
    expect(ZPartSet.safeParse({ runs: [[1, 8, 4]], sha256 }).success).toBe(false);
    expect(ZPartSet.safeParse({ runs: [[1, 5, 0]], sha256 }).success).toBe(false);
    expect(ZPartSet.safeParse({ runs: [[1, 10_001, 1]], sha256 }).success).toBe(false);
    expect(ZPartSet.safeParse({ runs: [[1, 2, 1]], sha256: 'A'.repeat(64) }).success).toBe(false);
    expect(ZPartSet.safeParse({ runs: [], sha256 }).success).toBe(false);
    expect(ZPartSet.safeParse({ runs: [[1, 9, 4], [13, 13, 1]], sha256 }).success).toBe(true);
    const both = ZCompleteUpload.safeParse({ uploadToken: 't', parts: [{ partNumber: 1, etag: 'e' }], partSet: { runs: [[1, 1, 1]], sha256 } });
    expect(both.success).toBe(false);
  });
});
