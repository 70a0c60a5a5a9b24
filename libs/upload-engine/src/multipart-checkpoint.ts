import type { TUploadGrant } from '@ferry/contracts';
import type { CheckpointPart, MultipartCheckpoint } from './checkpoint-store';
import { planLayout, type PartLayout } from './part-layout';
import type { UploadContext } from './upload-context';
import { UPLOAD_STATUS } from './upload-policy';

/** A multipart upload's local record and the way its parts are cut. */
export interface MultipartRun {
  checkpoint: MultipartCheckpoint;
  layout: PartLayout;
}

/** A new multipart upload on its grant: the layout for this file, and a first checkpoint stored. */
export async function startMultipart(ctx: UploadContext, grant: TUploadGrant): Promise<MultipartRun> {
  const multipart = grant.multipart;
  if (!multipart) throw new Error('The grant is not for a multipart upload');
  const layout = planLayout({ size: ctx.source.size, basePartSize: ctx.basePartSize, minPartSize: multipart.minPartSize, maxParts: multipart.maxParts });
  const checkpoint: MultipartCheckpoint = {
    name: ctx.source.name,
    fileSize: ctx.source.size,
    savedAt: ctx.now(),
    fileId: grant.fileId,
    uploadToken: grant.uploadToken,
    unit: layout.unit,
    parts: [],
  };
  await ctx.checkpoints.set(ctx.source.path, checkpoint);
  return { checkpoint, layout };
}

/**
 * An earlier upload from its checkpoint: a part counts only if storage holds it with the ETag and size
 * we saw. `'complete'` when storage already finished the upload (the page went away just after).
 */
export async function resumeMultipart(ctx: UploadContext, checkpoint: MultipartCheckpoint): Promise<MultipartRun | 'complete'> {
  ctx.emit({ type: 'status', status: UPLOAD_STATUS.resuming });
  let held: Awaited<ReturnType<UploadContext['api']['listParts']>>;
  try {
    held = await ctx.api.listParts(checkpoint.uploadToken);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'UPLOAD_COMPLETE') return 'complete';
    throw error;
  }
  const onServer = new Map(held.map((p) => [p.partNumber, p]));
  checkpoint.parts = checkpoint.parts.filter((p) => onServer.get(p.partNumber)?.etag === p.etag && onServer.get(p.partNumber)?.size === p.end - p.start);
  const layout = { unit: checkpoint.unit, basePartSize: Math.max(checkpoint.unit, Math.ceil(ctx.basePartSize / checkpoint.unit) * checkpoint.unit) };
  return { checkpoint, layout };
}

/** Bytes of the file in finished parts. */
export function bytesDone(checkpoint: MultipartCheckpoint): number {
  return checkpoint.parts.reduce((sum, p) => sum + (p.end - p.start), 0);
}

/**
 * Saves the checkpoint one step after another, so a later save never lands before an earlier one.
 * A part that lands is added to the stored checkpoint on its own (`addParts`); the checkpoint is
 * written whole only when something else in it changed (the sizes its parts were signed for), so a
 * save costs the same at the thousandth part as at the first. Saves asked for while one is being
 * written become one: parts land faster than a browser stores a record (2 MB parts, 4 in flight), and
 * each part does not wait for its own save (a part whose save had not landed when the page went away
 * is sent again on resume; storage's list of parts is what counts).
 */
export function createCheckpointSaver(ctx: UploadContext, checkpoint: MultipartCheckpoint, options: { storedWhole: boolean }) {
  let saving: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  let landed: CheckpointPart[] = [];
  // What the store holds of `signed`. A resumed checkpoint dropped the parts storage did not have:
  // its first save writes it whole, so that they are gone from the store too.
  let storedSigned = checkpoint.signed;
  let whole = !options.storedWhole;
  const write = (): Promise<void> => {
    queued = null;
    const parts = landed;
    landed = [];
    if (whole || checkpoint.signed !== storedSigned) {
      whole = false;
      storedSigned = checkpoint.signed;
      return ctx.checkpoints.set(ctx.source.path, structuredClone(checkpoint));
    }
    return parts.length > 0 ? ctx.checkpoints.addParts(ctx.source.path, parts) : Promise.resolve();
  };
  return {
    /** Stores the part that landed (already in `checkpoint.parts`), or, without one, the checkpoint whole. */
    save(part?: CheckpointPart): Promise<void> {
      checkpoint.savedAt = ctx.now();
      if (part) landed.push({ ...part });
      else whole = true;
      if (queued) return queued;
      const next = saving.then(write);
      queued = next;
      saving = next;
      return next;
    },
    /** Resolves when every save so far is stored; rejects when one failed. */
    settled: (): Promise<void> => saving,
  };
}
export type CheckpointSaver = ReturnType<typeof createCheckpointSaver>;
