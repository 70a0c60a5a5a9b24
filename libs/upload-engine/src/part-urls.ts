import type { TPresignedRequest } from '@ferry/contracts';
import type { MultipartCheckpoint } from './checkpoint-store';
import type { PlannedPart } from './part-layout';
import { msLeft, RESIGN_MARGIN_MS } from './signed-put';
import type { UploadContext } from './upload-context';

/** Parts signed per call to Ferry's API. */
export const SIGN_BATCH = 100;

export interface PartUrls {
  /** The largest size signed for each part number so far (kept in the checkpoint). */
  readonly signed: ReadonlyMap<number, number>;
  /** Whether the part has a URL for its exact size with more than the re-sign margin left. */
  isUsable(part: PlannedPart): boolean;
  /** Signs URLs for `parts`, a batch at a time. */
  sign(parts: PlannedPart[]): Promise<void>;
  /** The part's URL; when it has none it is signed together with the next unsigned parts of `queue` (read at call time). */
  urlFor(part: PlannedPart, queue: readonly PlannedPart[]): Promise<TPresignedRequest>;
  /** Drops the part's URL (storage refused it). */
  forget(partNumber: number): void;
}

/** The signed part URLs of one multipart upload, each for its part's exact size. */
export function createPartUrls(ctx: UploadContext, checkpoint: MultipartCheckpoint): PartUrls {
  const urls = new Map<number, TPresignedRequest & { size: number }>();
  const signed = new Map<number, number>(checkpoint.signed ?? []);
  const isUsable = (part: PlannedPart) => {
    const url = urls.get(part.partNumber);
    return url !== undefined && url.size === part.end - part.start && msLeft(ctx, url) >= RESIGN_MARGIN_MS;
  };
  // The sign call each part number is in now: a slot that reaches such a part waits for that call instead
  // of signing it again (with 4 slots, each batch boundary sent up to 4 overlapping calls of 100 parts).
  const signing = new Map<number, Promise<void>>();
  const sign = async (planned: PlannedPart[]) => {
    for (let i = 0; i < planned.length; i += SIGN_BATCH) {
      const batch = planned.slice(i, i + SIGN_BATCH).map((p) => ({ partNumber: p.partNumber, size: p.end - p.start }));
      const call = ctx.api.sign(checkpoint.uploadToken, batch).then(({ parts }) => {
        for (const wanted of batch) signed.set(wanted.partNumber, Math.max(signed.get(wanted.partNumber) ?? 0, wanted.size));
        checkpoint.signed = [...signed];
        for (const part of parts ?? []) {
          const size = batch.find((p) => p.partNumber === part.partNumber)?.size;
          if (size !== undefined) urls.set(part.partNumber, { ...part, size });
        }
      });
      const settled = call.catch(() => undefined);
      for (const wanted of batch) signing.set(wanted.partNumber, settled);
      try {
        await call;
      } finally {
        for (const wanted of batch) if (signing.get(wanted.partNumber) === settled) signing.delete(wanted.partNumber);
      }
    }
  };
  return {
    signed,
    isUsable,
    sign,
    urlFor: async (part, queue) => {
      if (isUsable(part)) return urls.get(part.partNumber) as TPresignedRequest;
      const pending = signing.get(part.partNumber);
      if (pending) {
        await pending;
        if (isUsable(part)) return urls.get(part.partNumber) as TPresignedRequest;
      }
      const upcoming = queue.slice(0, SIGN_BATCH - 1).filter((p) => !isUsable(p) && !signing.has(p.partNumber));
      await sign([part, ...upcoming]);
      return urls.get(part.partNumber) as TPresignedRequest;
    },
    forget: (partNumber) => {
      urls.delete(partNumber);
    },
  };
}
