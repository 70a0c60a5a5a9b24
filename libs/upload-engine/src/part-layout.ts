import { KB, partSizeFor } from './upload-policy';

/** A byte range of the file and the part number it uploads as. */
export interface PlannedPart {
  partNumber: number;
  start: number;
  /** Exclusive. */
  end: number;
}

export interface PartLayout {
  /** Every part starts at a multiple of the unit, and its number is start / unit + 1. */
  unit: number;
  basePartSize: number;
}

const ALIGN = 64 * KB;
const SMALLEST_SHRINK = 512 * KB;
const roundUp = (value: number, step: number) => Math.ceil(value / step) * step;

/**
 * Part numbers follow from byte offsets, so parts cut at different sizes on later tries (the
 * shrink rules) still number in file order, and the upload can complete from any mix of them.
 * The unit is the smallest part this upload will ever use, but large enough that the whole file
 * fits in the store's part count.
 */
export function planLayout(options: { size: number; basePartSize: number; minPartSize: number; maxParts: number }): PartLayout {
  const fitsParts = roundUp(Math.ceil(options.size / options.maxParts), ALIGN);
  const unit = Math.max(Math.min(options.basePartSize, SMALLEST_SHRINK), options.minPartSize, fitsParts, 1);
  return { unit, basePartSize: roundUp(Math.max(options.basePartSize, unit), unit) };
}

/** The part size on a try (1-based), after the shrink rules, as a whole number of units. */
export function partSizeOnAttempt(layout: PartLayout, attempt: number): number {
  const wanted = partSizeFor(attempt, { basePartSize: layout.basePartSize });
  return Math.max(layout.unit, Math.floor(wanted / layout.unit) * layout.unit);
}

/**
 * The parts still to send: the gaps between finished parts, cut at `partSize`. A part number
 * already signed (`signed`: number to size) keeps its size where it fits the gap, and a new
 * part ends where a signed one starts: storage holds the last PUT of each part number, so the
 * sizes signed for an upload then never add up to more than the file (the grant refuses more).
 */
export function remainingParts(
  size: number,
  done: readonly { start: number; end: number }[],
  layout: PartLayout,
  partSize: number,
  signed: ReadonlyMap<number, number> = new Map(),
): PlannedPart[] {
  const sorted = [...done].sort((a, b) => a.start - b.start);
  const signedStarts = [...signed.keys()].map((n) => (n - 1) * layout.unit).sort((a, b) => a - b);
  const out: PlannedPart[] = [];
  let cursor = 0;
  const fill = (from: number, to: number) => {
    let start = from;
    while (start < to) {
      const partNumber = start / layout.unit + 1;
      const kept = signed.get(partNumber);
      const nextSigned = signedStarts.find((s) => s > start) ?? Number.POSITIVE_INFINITY;
      const end = kept !== undefined && start + kept <= to ? start + kept : Math.min(start + partSize, to, nextSigned);
      out.push({ partNumber, start, end });
      start = end;
    }
  };
  for (const part of sorted) {
    if (part.start > cursor) fill(cursor, part.start);
    cursor = Math.max(cursor, part.end);
  }
  if (cursor < size) fill(cursor, size);
  if (size === 0 && sorted.length === 0) out.push({ partNumber: 1, start: 0, end: 0 });
  return out;
}
