import { createHash } from 'node:crypto';
import { ZCompleteTransferBody } from '@ferry/contracts';
import { describe, expect, it } from 'vitest';
import { completionOf, partSetOf } from './completion';

const token = `${'0'.repeat(36)}.1900000000.${'m'.repeat(43)}`;

describe('completionOf', () => {
  it('when a 5 GB file went up in 2,560 parts of 2 MB, then complete names them as one part set (its digest the SHA-256 storage takes), not a list of ~160 KB', () => {
    // ETags as storage answers them: 32 hex digits in quotes.
    const etag = (n: number) => createHash('md5').update(String(n)).digest('hex');
    const parts = Array.from({ length: 2_560 }, (_, i) => ({ partNumber: 2_560 - i, etag: `"${etag(2_560 - i)}"` }));
    const entry = completionOf({ uploadToken: token, parts });
    const lines = Array.from({ length: 2_560 }, (_, i) => `${i + 1}:${etag(i + 1)}\n`).join('');
    expect(entry).toEqual({ uploadToken: token, partSet: { ranges: [[1, 2_560]], sha256: createHash('sha256').update(lines).digest('hex') } });
    expect(ZCompleteTransferBody.parse({ uploads: [entry] }).uploads[0]).toEqual(entry);
    expect(JSON.stringify(entry).length).toBeLessThan(250);
    expect(JSON.stringify({ uploadToken: token, parts }).length).toBeGreaterThan(150_000);
  });

  it('when the file was one PUT, or finished before a resume, then complete names no parts, as before', () => {
    expect(completionOf({ uploadToken: token })).toEqual({ uploadToken: token });
    expect(completionOf({ uploadToken: token, parts: [] })).toEqual({ uploadToken: token, parts: [] });
  });

  it('when the part numbers are too scattered for a part set, then the list goes as it is', () => {
    const parts = Array.from({ length: 1_001 }, (_, i) => ({ partNumber: 2 * i + 1, etag: `e${i}` }));
    expect(partSetOf(parts)).toBeUndefined();
    expect(completionOf({ uploadToken: token, parts })).toEqual({ uploadToken: token, parts });
  });
});
