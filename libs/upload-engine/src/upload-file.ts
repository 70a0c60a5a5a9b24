import type { CheckpointStore } from './checkpoint-store';
import { uploadMultipart } from './multipart-upload';
import { uploadSingle } from './single-put';
import type { UploadApi } from './upload-api';
import { createUploadContext } from './upload-context';
import type { UploadedFile, UploadFileOptions } from './upload-file.types';
import { UPLOAD_STATUS, isCheckpointUsable } from './upload-policy';

/**
 * Uploads one file straight to storage with the policy of PRODUCT.md section 4: under 50 MB one
 * signed PUT; 50 MB and more in parts, with a local checkpoint after every part, up to 15 tries
 * with fewer parallel parts and smaller parts as tries go on, and fresh URLs when they expire.
 * A checkpoint of the same file (name and size, under 7 days old) resumes the earlier upload.
 */
export async function uploadFile(options: UploadFileOptions): Promise<UploadedFile> {
  const ctx = createUploadContext(options);
  ctx.emit({ type: 'status', status: UPLOAD_STATUS.gettingReady });
  const stored = await ctx.checkpoints.get(ctx.source.path);
  const resumable = stored && isCheckpointUsable(stored, ctx.source, ctx.now()) ? stored : undefined;
  if (!resumable && stored) await ctx.checkpoints.delete(ctx.source.path);

  if (!resumable && !options.grant.multipart) return uploadSingle(ctx, options.grant);
  return uploadMultipart(ctx, options.grant, resumable);
}

/** Abort (not cancel): the parts are discarded and the checkpoint dropped; a new upload starts from scratch. */
export async function abortUpload(options: { api: UploadApi; checkpoints: CheckpointStore; path: string; uploadToken?: string }): Promise<void> {
  const checkpoint = await options.checkpoints.get(options.path);
  const token = options.uploadToken ?? checkpoint?.uploadToken;
  if (token) await options.api.abort(token);
  await options.checkpoints.delete(options.path);
}
