import { describe, expect, it } from 'vitest';
import { planLayout, partSizeOnAttempt, remainingParts } from './part-layout';
import { KB, MB } from './upload-policy';

describe('part layout', () => {
  it('when the link is 4g, then parts are 2 MB and shrink to 1 MB on try 5 and 512 KB on try 10, numbered by offset', () => {
    const layout = planLayout({ size: 100 * MB, basePartSize: 2 * MB, minPartSize: 1, maxParts: 10_000 });
    expect(layout).toEqual({ unit: 512 * KB, basePartSize: 2 * MB });
    expect([1, 4, 5, 9, 10, 15].map((t) => partSizeOnAttempt(layout, t))).toEqual([2 * MB, 2 * MB, 1 * MB, 1 * MB, 512 * KB, 512 * KB]);
    const first = remainingParts(100 * MB, [], layout, 2 * MB);
    expect(first.slice(0, 3).map((p) => p.partNumber)).toEqual([1, 5, 9]);
  });

  it('when the size shrinks after parts were signed, then signed parts keep their size and new parts stop where a signed one starts', () => {
    const layout = planLayout({ size: 10 * MB, basePartSize: 2 * MB, minPartSize: 1, maxParts: 10_000 });
    // Try 1 signed parts 1, 5 and 9 at 2 MB; only part 1 arrived.
    const signed = new Map([
      [1, 2 * MB],
      [5, 2 * MB],
      [9, 2 * MB],
    ]);
    const next = remainingParts(10 * MB, [{ start: 0, end: 2 * MB }], layout, 1 * MB, signed);
    expect(next.map((p) => [p.partNumber, p.end - p.start])).toEqual([
      [5, 2 * MB],
      [9, 2 * MB],
      [13, 1 * MB],
      [15, 1 * MB],
      [17, 1 * MB],
      [19, 1 * MB],
    ]);
    // The sizes signed for distinct part numbers add up to the file, never more.
    const all = new Map(signed);
    for (const p of next) all.set(p.partNumber, Math.max(all.get(p.partNumber) ?? 0, p.end - p.start));
    expect([...all.values()].reduce((a, b) => a + b, 0)).toBe(10 * MB);
  });

  it('when some parts are done and the size shrinks, then the gaps are cut smaller and part numbers stay in file order', () => {
    const layout = planLayout({ size: 10 * MB, basePartSize: 2 * MB, minPartSize: 1, maxParts: 10_000 });
    const done = [
      { start: 0, end: 2 * MB },
      { start: 4 * MB, end: 6 * MB },
    ];
    const next = remainingParts(10 * MB, done, layout, 1 * MB);
    expect(next.map((p) => [p.partNumber, p.start / MB, p.end / MB])).toEqual([
      [5, 2, 3],
      [7, 3, 4],
      [13, 6, 7],
      [15, 7, 8],
      [17, 8, 9],
      [19, 9, 10],
    ]);
    const all = [...done.map((d) => d.start / layout.unit + 1), ...next.map((p) => p.partNumber)].sort((a, b) => a - b);
    expect(new Set(all).size).toBe(all.length);
  });

  it('when the store needs 5 MiB parts (S3), then shrinking stops at 5 MiB', () => {
    const layout = planLayout({ size: 1024 * MB, basePartSize: 2 * MB, minPartSize: 5 * MB, maxParts: 10_000 });
    expect(layout.unit).toBe(5 * MB);
    expect([1, 5, 10].map((t) => partSizeOnAttempt(layout, t))).toEqual([5 * MB, 5 * MB, 5 * MB]);
  });

  it('when the file is huge, then the unit grows so the whole file fits in 10 000 parts', () => {
    const size = 200 * 1024 * MB;
    const layout = planLayout({ size, basePartSize: 2 * MB, minPartSize: 1, maxParts: 10_000 });
    const parts = remainingParts(size, [], layout, partSizeOnAttempt(layout, 15));
    expect(parts.at(-1)!.partNumber).toBeLessThanOrEqual(10_000);
    expect(parts.at(-1)!.end).toBe(size);
  });

  it('when the connection is slow-2g, then parts start at 128 KB', () => {
    const layout = planLayout({ size: 60 * MB, basePartSize: 128 * KB, minPartSize: 1, maxParts: 10_000 });
    expect(partSizeOnAttempt(layout, 1)).toBe(128 * KB);
    expect(partSizeOnAttempt(layout, 10)).toBe(128 * KB);
  });
});
