import { z } from 'zod';

/** The most part numbers a multipart upload can have (S3's and OSS's limit too). */
export const MAX_PART_NUMBER = 10_000;

/** The most runs a part set holds (an upload's part numbers are one run unless a retry re-cut them). */
const MAX_PART_RUNS = 1_000;

const ZPartNumber = z.number().int().min(1).max(MAX_PART_NUMBER);

/** Each run ends on its step, and runs are ascending and apart: each starts after the one before it ends (so no part is named twice). */
const runsInOrder = (runs: ReadonlyArray<readonly [number, number, number]>) =>
  runs.every(([first, last, step], i) => first <= last && (last - first) % step === 0 && (i === 0 || first > runs[i - 1]![1]));

/**
 * A multipart upload's parts in a few bytes, whatever their number: the part numbers as runs
 * `[first, last, step]` (first, first + step, … last; ascending, apart), and the SHA-256 (hex) of
 * `partSetText` over them, a line `<partNumber>:<etag>` for each in order. A part's number follows
 * from where it starts (start / the grant's unit + 1), so parts of one size are one run with the step
 * size / unit (2 MB parts on a 512 KiB unit are 1, 5, 9, …); parts re-cut smaller on a retry add a run
 * or two. Storage takes the same digest over the parts it holds and completes the upload only when
 * the two agree. A list of 10,000 parts with their ETags is ~600 KB of JSON: over the API's body limit
 * from ~1,000 parts (2 GB at the browser's 2 MB parts). Contracts import zod alone, so each side
 * hashes with its own SHA-256 (node:crypto in storage, @noble/hashes in the upload engine).
 */
export const ZPartSet = z.strictObject({
  runs: z
    .array(z.tuple([ZPartNumber, ZPartNumber, ZPartNumber]))
    .min(1)
    .max(MAX_PART_RUNS)
    .refine(runsInOrder, { message: 'Part runs must end on their step, ascending and apart' }),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits'),
});
export type TPartSet = z.infer<typeof ZPartSet>;

const unquote = (etag: string) => etag.replace(/"/g, '');

/** What a part set's digest is taken over: `<partNumber>:<etag>\n` per part, in the order given (ascending part numbers), the ETag without quotes. */
export function partSetText(parts: ReadonlyArray<{ partNumber: number; etag: string }>): string {
  return parts.map((p) => `${p.partNumber}:${unquote(p.etag)}\n`).join('');
}

/** Ascending part numbers as runs (each as long as its step holds), or undefined when none are given or they need more runs than a part set holds. */
export function partRunsOf(ascending: readonly number[]): TPartSet['runs'] | undefined {
  const runs: [number, number, number][] = [];
  for (let i = 0; i < ascending.length; ) {
    const first = ascending[i]!;
    const step = i + 1 < ascending.length ? ascending[i + 1]! - first : 1;
    let last = first;
    let j = i + 1;
    while (j < ascending.length && ascending[j]! - last === step) last = ascending[j++]!;
    runs.push([first, last, step]);
    i = j;
  }
  return runs.length === 0 || runs.length > MAX_PART_RUNS ? undefined : runs;
}

/** The part numbers a part set names, ascending. */
export function partNumbersOf(set: Pick<TPartSet, 'runs'>): number[] {
  const numbers: number[] = [];
  for (const [first, last, step] of set.runs) for (let n = first; n <= last; n += step) numbers.push(n);
  return numbers;
}
