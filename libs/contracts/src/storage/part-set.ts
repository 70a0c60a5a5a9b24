import { z } from 'zod';

/** The most part numbers a multipart upload can have (S3's and OSS's limit too). */
export const MAX_PART_NUMBER = 10_000;

/** The most ranges a part set holds (an upload's part numbers are one range unless a retry re-cut them). */
const MAX_PART_RANGES = 1_000;

const ZPartNumber = z.number().int().min(1).max(MAX_PART_NUMBER);

/** Ranges ascending and apart: each starts after the one before it ends (so no part is named twice). */
const rangesInOrder = (ranges: ReadonlyArray<readonly [number, number]>) => ranges.every(([first, last], i) => first <= last && (i === 0 || first > ranges[i - 1]![1]));

/**
 * A multipart upload's parts in a few bytes, whatever their number: the part numbers as ranges of
 * consecutive numbers (ascending, apart), and the SHA-256 (hex) of `partSetText` over them, a line
 * `<partNumber>:<etag>` for each in order. Storage takes the same over the parts it holds and
 * completes the upload only when the two agree. A list of 10,000 parts with their ETags is ~600 KB
 * of JSON: over the API's body limit from ~1,000 parts (2 GB at the browser's 2 MB parts).
 * Contracts import zod alone, so each side hashes with its own SHA-256 (node:crypto in storage,
 * @noble/hashes in the upload engine).
 */
export const ZPartSet = z.strictObject({
  ranges: z
    .array(z.tuple([ZPartNumber, ZPartNumber]))
    .min(1)
    .max(MAX_PART_RANGES)
    .refine(rangesInOrder, { message: 'Part ranges must be ascending and apart' }),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits'),
});
export type TPartSet = z.infer<typeof ZPartSet>;

const unquote = (etag: string) => etag.replace(/"/g, '');

/** What a part set's digest is taken over: `<partNumber>:<etag>\n` per part, in the order given (ascending part numbers), the ETag without quotes. */
export function partSetText(parts: ReadonlyArray<{ partNumber: number; etag: string }>): string {
  return parts.map((p) => `${p.partNumber}:${unquote(p.etag)}\n`).join('');
}

/** Ascending part numbers as the fewest ranges, or undefined when none are given or they need more ranges than a part set holds. */
export function partRangesOf(ascending: readonly number[]): TPartSet['ranges'] | undefined {
  const ranges: [number, number][] = [];
  for (const partNumber of ascending) {
    const last = ranges.at(-1);
    if (last && partNumber === last[1] + 1) last[1] = partNumber;
    else ranges.push([partNumber, partNumber]);
  }
  return ranges.length === 0 || ranges.length > MAX_PART_RANGES ? undefined : ranges;
}

/** The part numbers a part set names, ascending. */
export function partNumbersOf(set: Pick<TPartSet, 'ranges'>): number[] {
  const numbers: number[] = [];
  for (const [first, last] of set.ranges) for (let n = first; n <= last; n += 1) numbers.push(n);
  return numbers;
}
