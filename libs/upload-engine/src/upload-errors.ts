export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

/** Reported after the last try, with what the spec asks for: name, message, index, part. */
export class UploadFailedError extends Error {
  constructor(
    message: string,
    readonly details: { name: string; attempt: number; partNumber?: number; status?: number },
  ) {
    super(message);
    this.name = 'UploadFailedError';
  }
}

/** A failure that costs a try: a part storage refused or never answered, or Ferry's API briefly away. */
export class PartError extends Error {
  constructor(
    message: string,
    readonly partNumber: number,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * A failed part, a lost network or Ferry's API being briefly away (5xx, no answer) costs a try;
 * an answer that says the upload itself is wrong (4xx: token invalid, upload aborted) does not
 * get better by trying again.
 */
export function asRetryable(error: unknown): PartError | null {
  if (error instanceof PartError) return error;
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number') return status >= 500 || status === 429 ? new PartError(`Ferry answered ${status}`, 0, status) : null;
  if (error instanceof TypeError) return new PartError(`Network error ~ ${error.message}`, 0);
  return null;
}

export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new UploadCancelledError();
}
