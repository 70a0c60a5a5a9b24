import { describe, expect, it } from 'vitest';
import { ZCompleteUpload } from './storage.schemas';
import { partNumbersOf, partRangesOf, partSetText, ZPartSet } from './part-set';

describe('part sets', () => {
  it('when part numbers are ascending, then they become the fewest ranges, and a part set names them back', () => {
    const ranges = partRangesOf([1, 2, 3, 5, 9, 10])!;
    expect(ranges).toEqual([[1, 3], [5, 5], [9, 10]]);
    expect(partNumbersOf({ ranges })).toEqual([1, 2, 3, 5, 9, 10]);
    expect(partRangesOf([])).toBeUndefined();
    // Too scattered for a part set: the list is sent instead.
    expect(partRangesOf(Array.from({ length: 1_001 }, (_, i) => 2 * i + 1))).toBeUndefined();
  });

  it('when the digest text is taken, then it is a line "<n>:<etag>" per part in the order given, quotes dropped', () => {
    expect(partSetText([{ partNumber: 1, etag: '"abc"' }, { partNumber: 2, etag: 'def' }])).toBe('1:abc\n2:def\n');
  });

  it('when 10,000 parts are completed, then the entry stays a few hundred bytes', () => {
    const entry = { uploadToken: `${'f'.repeat(36)}.1900000000.${'m'.repeat(43)}`, partSet: { ranges: partRangesOf(Array.from({ length: 10_000 }, (_, i) => i + 1))!, sha256: 'a'.repeat(64) } };
    expect(ZCompleteUpload.parse(entry)).toEqual(entry);
    expect(JSON.stringify(entry).length).toBeLessThan(250);
  });

  it('when ranges overlap, run backwards or go past 10,000, or a completion names parts both ways, then it is refused', () => {
    const sha256 = 'a'.repeat(64);
    expect(ZPartSet.safeParse({ ranges: [[1, 5], [5, 9]], sha256 }).success).toBe(false);
    expect(ZPartSet.safeParse({ ranges: [[6, 9], [1, 5]], sha256 }).success).toBe(false);
    expect(ZPartSet.safeParse({ ranges: [[3, 2]], sha256 }).success).toBe(false);
    expect(ZPartSet.safeParse({ ranges: [[1, 10_001]], sha256 }).success).toBe(false);
    expect(ZPartSet.safeParse({ ranges: [[1, 2]], sha256: 'A'.repeat(64) }).success).toBe(false);
    expect(ZPartSet.safeParse({ ranges: [], sha256 }).success).toBe(false);
    const both = ZCompleteUpload.safeParse({ uploadToken: 't', parts: [{ partNumber: 1, etag: 'e' }], partSet: { ranges: [[1, 1]], sha256 } });
    expect(both.success).toBe(false);
  });
});
