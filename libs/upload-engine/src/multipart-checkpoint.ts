import type { TUploadGrant } from '@ferry/contracts';
import type { MultipartCheckpoint } from './checkpoint-store';
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
 * Saves snapshots of the checkpoint one after another, so a later save never lands before an
 * earlier one. Saves asked for while one is being written become one, which snapshots the
 * checkpoint when it starts: parts land faster than a browser stores a record (2 MB parts, 4 in
 * flight), and each part no longer waits for its own save (a part whose save had not landed when
 * the page went away is sent again on resume; storage's list of parts is what counts).
 */
export function createCheckpointSaver(ctx: UploadContext, checkpoint: MultipartCheckpoint) {
  let saving: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  return {
    save(): Promise<void> {
      checkpoint.savedAt = ctx.now();
      if (queued) return queued;
      const next = saving.then(() => {
        queued = null;
        return ctx.checkpoints.set(ctx.source.path, structuredClone(checkpoint));
      });
      queued = next;
      saving = next;
      return next;
    },
    /** Resolves when every save so far is stored; rejects when one failed. */
    settled: (): Promise<void> => saving,
  };
}
export type CheckpointSaver = ReturnType<typeof createCheckpointSaver>;
