import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [3 * 1024 ** 3, '3 GB'],
    [1.5 * 1024 ** 4, '1.5 TB'],
    [2.345 * 1024 ** 2, '2.35 MB'],
    [1024 ** 3 - 1, '1 GB'],
    [-2048, '-2 KB'],
  ])('when given %d bytes, then it reads %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('when given NaN or Infinity, then it throws', () => {
    expect(() => formatBytes(Number.NaN)).toThrow(RangeError);
    expect(() => formatBytes(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
