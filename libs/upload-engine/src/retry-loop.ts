import type { UploadContext } from './upload-context';
import { asRetryable, throwIfCancelled, UploadCancelledError, UploadFailedError, type PartError } from './upload-errors';
import { MAX_ATTEMPTS, UPLOAD_STATUS, shouldWarn, waitBeforeAttempt } from './upload-policy';

/**
 * Runs `attemptOnce` up to 15 times (PRODUCT.md section 4): 'Warming up...' before each further
 * try, a warning on tries 2, 5 and 10, the policy's wait before it. A retryable failure costs a
 * try; any other failure, and a cancel, ends the upload at once. After the last try the upload
 * fails with the last failure's message and part.
 */
export async function runTries<T>(ctx: UploadContext, attemptOnce: (attempt: number) => Promise<T | undefined>): Promise<T> {
  let lastError: PartError | undefined;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    throwIfCancelled(ctx.signal);
    if (attempt > 1) {
      ctx.emit({ type: 'status', status: UPLOAD_STATUS.warmingUp });
      if (shouldWarn(attempt)) ctx.emit({ type: 'warning', attempt, message: lastError?.message ?? 'Retrying' });
      await ctx.sleep(waitBeforeAttempt(attempt));
      throwIfCancelled(ctx.signal);
    }
    try {
      const result = await attemptOnce(attempt);
      if (result !== undefined) return result;
    } catch (error) {
      if (error instanceof UploadCancelledError) throw error;
      throwIfCancelled(ctx.signal);
      const retryable = asRetryable(error);
      if (!retryable) throw error;
      lastError = retryable;
    }
  }
  throw new UploadFailedError(lastError?.message ?? 'Upload failed', {
    name: ctx.source.name,
    attempt: MAX_ATTEMPTS,
    partNumber: lastError?.partNumber,
    status: lastError?.status,
  });
}
