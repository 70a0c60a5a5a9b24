import type { TUploadGrant } from '@ferry/contracts';
import type { MultipartCheckpoint } from './checkpoint-store';
import { bytesDone, createCheckpointSaver, resumeMultipart, startMultipart, type CheckpointSaver, type MultipartRun } from './multipart-checkpoint';
import { partSizeOnAttempt, remainingParts, type PlannedPart } from './part-layout';
import { createPartUrls, SIGN_BATCH, type PartUrls } from './part-urls';
import { runTries } from './retry-loop';
import { etagOf, putSigned } from './signed-put';
import type { UploadContext } from './upload-context';
import { throwIfCancelled } from './upload-errors';
import type { UploadedFile } from './upload-file.types';
import { UPLOAD_STATUS, parallelismFor } from './upload-policy';

/** One multipart upload as its tries see it: the context, the run, its part URLs and checkpoint saves. */
interface MultipartState extends MultipartRun {
  ctx: UploadContext;
  urls: PartUrls;
  saver: CheckpointSaver;
}

/** Sends one part on its URL and records it in the checkpoint. */
async function sendPart(state: MultipartState, part: PlannedPart, queue: readonly PlannedPart[], onSaveFailed: (error: unknown) => void): Promise<void> {
  const { ctx, urls, checkpoint } = state;
  throwIfCancelled(ctx.signal);
  const body = ctx.source.slice(part.start, part.end);
  const current = () => urls.urlFor(part, queue);
  const resign = async () => {
    urls.forget(part.partNumber);
    return current();
  };
  const res = await putSigned(ctx, { current, resign }, body, part.partNumber);
  const landed = { partNumber: part.partNumber, start: part.start, end: part.end, etag: etagOf(res) };
  checkpoint.parts = checkpoint.parts.filter((p) => p.partNumber !== part.partNumber);
  checkpoint.parts.push(landed);
  ctx.emit({ type: 'part', partNumber: part.partNumber, bytes: part.end - part.start });
  ctx.report(bytesDone(checkpoint));
  // Not awaited: the next part starts now; a failed save stops the workers like a failed part.
  state.saver.save(landed).catch(onSaveFailed);
}

/**
 * One try: the parts still missing, cut at the try's part size, sent by the try's number of
 * workers. The first failure stops the workers from taking more parts and fails the try once
 * the parts in flight are done and saved.
 */
async function sendRemaining(state: MultipartState, attempt: number, options: { keepSigned: boolean }): Promise<true> {
  const { ctx, urls, checkpoint, layout } = state;
  const partSize = partSizeOnAttempt(layout, attempt);
  const pending = remainingParts(ctx.source.size, checkpoint.parts, layout, partSize, options.keepSigned ? urls.signed : undefined);
  if (pending.length === 0) return true;
  ctx.emit({ type: 'status', status: UPLOAD_STATUS.transferring });
  // Sign ahead for the first parts only; the rest are signed as the queue reaches them.
  await urls.sign(pending.filter((p) => !urls.isUsable(p)).slice(0, SIGN_BATCH));

  const queue = [...pending];
  let failure: unknown;
  const worker = async () => {
    while (queue.length > 0 && failure === undefined) {
      const part = queue.shift() as PlannedPart;
      try {
        await sendPart(state, part, queue, (error) => (failure ??= error));
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallelismFor(attempt), pending.length) }, worker));
  // The first failure, of a part or of a save, is the try's.
  await state.saver.settled().catch((error: unknown) => (failure ??= error));
  if (failure !== undefined) throw failure;
  return true;
}

/** The upload was finished before this page or process came back: nothing left to send; completing it again answers the finished object. */
async function finishedElsewhere(ctx: UploadContext, resume: MultipartCheckpoint): Promise<UploadedFile> {
  await ctx.checkpoints.delete(ctx.source.path);
  ctx.report(ctx.source.size);
  return { fileId: resume.fileId, uploadToken: resume.uploadToken, parts: [], bytesSent: 0 };
}

/**
 * A file of 50 MB or more: parts with a local checkpoint after every part, the retry loop's
 * tries with fewer and smaller parts as they go on, fresh URLs when they expire.
 */
export async function uploadMultipart(ctx: UploadContext, grant: TUploadGrant, resume: MultipartCheckpoint | undefined): Promise<UploadedFile> {
  const run = resume ? await resumeMultipart(ctx, resume) : await startMultipart(ctx, grant);
  if (run === 'complete') return finishedElsewhere(ctx, resume!);
  const { checkpoint } = run;
  const startedWith = bytesDone(checkpoint);
  ctx.report(startedWith);
  const state: MultipartState = { ...run, ctx, urls: createPartUrls(ctx, checkpoint), saver: createCheckpointSaver(ctx, checkpoint, { storedWhole: !resume }) };

  // Storage keeps the last PUT of each part number, so parts re-cut smaller on a later try add to
  // what the upload's signed URLs could hold. When the grant has no room for that, the parts
  // already signed keep their size for the rest of the upload, and the try goes on with them.
  let keepSigned = false;
  await runTries(ctx, async (attempt) => {
    for (;;) {
      try {
        return await sendRemaining(state, attempt, { keepSigned });
      } catch (error) {
        if (keepSigned || (error as { code?: unknown }).code !== 'UPLOAD_TOO_LARGE') throw error;
        keepSigned = true;
      }
    }
  });

  await ctx.checkpoints.delete(ctx.source.path);
  const parts = [...checkpoint.parts].sort((a, b) => a.partNumber - b.partNumber).map((p) => ({ partNumber: p.partNumber, etag: p.etag }));
  return { fileId: checkpoint.fileId, uploadToken: checkpoint.uploadToken, parts, bytesSent: ctx.source.size - startedWith };
}
