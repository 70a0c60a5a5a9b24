import { AppError } from '@ferry/contracts';
import { MAX_PART_BYTES } from './storage.deps';

const KIB = 1024;
/** Part starts are multiples of the unit, and the unit of 64 KiB (as the upload engine aligns). */
const UNIT_ALIGN = 64 * KIB;
/** The smallest part the upload engine ever sends (its last shrink), so its parts start on the unit. */
const MIN_UNIT = 512 * KIB;

const roundUp = (value: number, step: number) => Math.ceil(value / step) * step;

export interface MultipartBounds {
  /** Part n starts at byte (n - 1) * unit; every part but the last is a whole number of units. */
  unit: number;
  /** The highest part number the grant's size allows: ceil(size / unit). */
  maxParts: number;
}

/** How a multipart grant of `size` bytes is cut, within what the store allows. */
export function multipartBounds(size: number, store: { minPartSize: number; maxParts: number }): MultipartBounds {
  const unit = roundUp(Math.max(store.minPartSize, MIN_UNIT, Math.ceil(size / store.maxParts)), UNIT_ALIGN);
  return { unit, maxParts: Math.max(1, Math.ceil(size / unit)) };
}

/**
 * Checks one part against the grant before it is signed: its number is within the grant, it
 * holds at least one byte, does not run past the end of the file from where it starts, and is
 * whole units unless it is the last.
 */
export function checkPartToSign(part: { partNumber: number; size: number }, grant: { size: number; name: string }, bounds: MultipartBounds): void {
  if (part.partNumber > bounds.maxParts) {
    throw new AppError('PART_OUT_OF_RANGE', {
      message: `${grant.name} has at most ${bounds.maxParts} parts; part ${part.partNumber} is beyond it`,
      details: { partNumber: part.partNumber, maxParts: bounds.maxParts },
    });
  }
  const start = (part.partNumber - 1) * bounds.unit;
  const isLast = start + part.size === grant.size;
  if (part.size < 1 || part.size > MAX_PART_BYTES || start + part.size > grant.size || (!isLast && part.size % bounds.unit !== 0)) {
    throw new AppError('PART_OUT_OF_RANGE', {
      message: `Part ${part.partNumber} of ${grant.name} cannot hold ${part.size} bytes`,
      details: { partNumber: part.partNumber, unit: bounds.unit },
    });
  }
}

/**
 * The most bytes the signed URLs of an upload can put into storage together: a part number
 * holds the last part PUT to it, so each number counts with the largest size ever signed for it.
 */
export function signedBytes(largestByPart: ReadonlyMap<number, number>): number {
  let total = 0;
  for (const size of largestByPart.values()) total += size;
  return total;
}
