import { createHash } from 'node:crypto';
import { ZCompleteTransferBody } from '@ferry/contracts';
import { describe, expect, it } from 'vitest';
import { completionOf, partSetOf } from './completion';
import { planLayout, remainingParts } from './part-layout';
import { MB } from './upload-policy';

const token = `${'0'.repeat(36)}.1900000000.${'m'.repeat(43)}`;
// ETags as storage answers them: 32 hex digits in quotes.
const etagOf = (n: number) => createHash('md5').update(String(n)).digest('hex');

describe('completionOf', () => {
  it('when a 5 GB file went up in 2 MB parts on a 512 KiB unit (numbered 1, 5, 9, …), then complete names them as one run and a digest, not a list of ~140 KB', () => {
    const size = 5 * 1024 * MB;
    const layout = planLayout({ size, basePartSize: 2 * MB, minPartSize: 512 * 1024, maxParts: 10_000 });
    const planned = remainingParts(size, [], layout, layout.basePartSize);
    expect(planned.length).toBeGreaterThan(2_200);
    const parts = planned.map((p) => ({ partNumber: p.partNumber, etag: `"${etagOf(p.partNumber)}"` })).reverse();
    const entry = completionOf({ uploadToken: token, parts });
    const lines = planned.map((p) => `${p.partNumber}:${etagOf(p.partNumber)}\n`).join('');
    const last = planned.at(-1)!.partNumber;
    expect(entry).toEqual({ uploadToken: token, partSet: { runs: [[1, last, planned[1]!.partNumber - 1]], sha256: createHash('sha256').update(lines).digest('hex') } });
    expect(ZCompleteTransferBody.parse({ uploads: [entry] }).uploads[0]).toEqual(entry);
    expect(JSON.stringify(entry).length).toBeLessThan(250);
    expect(JSON.stringify({ uploadToken: token, parts }).length).toBeGreaterThan(130_000);
  });

  it('when a retry re-cut what was left into smaller parts, then the part set has a run for each size', () => {
    const size = 100 * MB;
    const layout = planLayout({ size, basePartSize: 8 * MB, minPartSize: 512 * 1024, maxParts: 10_000 });
    const first = remainingParts(size, [], layout, layout.basePartSize).slice(0, 5);
    const rest = remainingParts(size, first, layout, 2 * MB);
    const parts = [...first, ...rest].map((p) => ({ partNumber: p.partNumber, etag: etagOf(p.partNumber) }));
    const set = partSetOf(parts)!;
    // 8 MiB parts step 16 units, 2 MiB parts 4 (the first 2 MiB part, 16 units after the last 8 MiB one, joins their run).
    expect(set.runs).toEqual([[1, 81, 16], [85, rest.at(-1)!.partNumber, 4]]);
  });

  it('when the file was one PUT, or finished before a resume, then complete names no parts, as before', () => {
    expect(completionOf({ uploadToken: token })).toEqual({ uploadToken: token });
    expect(completionOf({ uploadToken: token, parts: [] })).toEqual({ uploadToken: token, parts: [] });
  });

  it('when the part numbers are too scattered for a part set, then the list goes as it is', () => {
    const parts = Array.from({ length: 2_002 }, (_, i) => ({ partNumber: i % 2 === 0 ? 3 * i + 1 : 3 * i, etag: `e${i}` }));
    expect(partSetOf(parts)).toBeUndefined();
    expect(completionOf({ uploadToken: token, parts })).toEqual({ uploadToken: token, parts });
  });
});
